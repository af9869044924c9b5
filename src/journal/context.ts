import { createContext, useContext } from 'react';
import type { InspectionEvent } from 'xstate';
import type { Journal } from './journal.ts';
import type { KeptJournal } from './persist.ts';

/** The inspection observer every actor of the app is created with (the journal's, and Stately's with ?inspect). */
export type Inspect = (event: InspectionEvent) => void;

export const InspectContext = createContext<Inspect | undefined>(undefined);

/** The app's journal and its keeping (IndexedDB, pin); absent in stories and tests that mount parts alone. */
export const JournalContext = createContext<{ journal: Journal; kept: KeptJournal | null } | null>(null);

export const useInspect = () => useContext(InspectContext);
export const useJournal = () => useContext(JournalContext);
