import { createContext, useContext } from 'react';

/**
 * Whether the page around is the one on screen: false while the keep-alive keeps it hidden behind another page.
 * Pages that are not kept are always on screen.
 */
export const KeptVisibleContext = createContext(true);

export const useKeptVisible = () => useContext(KeptVisibleContext);
