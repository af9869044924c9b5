import { createContext, useContext } from 'react';

/**
 * What the kit tells the operation log about a tracked click's outcome beyond the calls the API client sees: that the
 * dialog or form it opened was dismissed before it ran (已取消). The app provides it (src/app/operation-log.ts:
 * createOutcomeTracker); without a provider (Storybook, a unit test) it is a no-op.
 */
export interface OperationOutcomes {
  /** a tracked click was posted (`id`: the row its save answered, null when the server gave none); `action`: it acts */
  clicked: (code: string, id: Promise<number | null>, action: boolean) => void;
  /** the confirmation, form or drawer the latest tracked action opened was closed without running */
  cancelled: () => void;
}

export const OperationOutcomeContext = createContext<OperationOutcomes>({ clicked: () => {}, cancelled: () => {} });

/** `cancelled` of the operation log, for a dialog's 取消, Escape and close. */
export const useOperationCancelled = () => useContext(OperationOutcomeContext).cancelled;
