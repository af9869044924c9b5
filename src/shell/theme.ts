import { createContext, useContext } from 'react';

export type ThemeName = 'light' | 'dark';

/** The stored choice, else the system's preference (prefers-color-scheme). */
export function readTheme(stored: string | null, systemPrefersDark: boolean): ThemeName {
  if (stored === 'light' || stored === 'dark') return stored;
  return systemPrefersDark ? 'dark' : 'light';
}

export const ThemeContext = createContext<ThemeName>('light');
/** Switches the theme (the app keeps the choice in local storage); a no-op outside the app. */
export const SetThemeContext = createContext<(theme: ThemeName) => void>(() => {});

export const useTheme = (): [ThemeName, (theme: ThemeName) => void] => [useContext(ThemeContext), useContext(SetThemeContext)];
