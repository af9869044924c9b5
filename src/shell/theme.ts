import { webLightTheme, type Theme } from '@fluentui/react-components';
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

/** The loaded Fluent themes: light is always here; dark is its own chunk, loaded before it is shown. */
const fluentThemes: Partial<Record<ThemeName, Theme>> = { light: webLightTheme };

/** Loads a theme's tokens; resolves when fluentTheme(name) has them. */
export async function loadTheme(name: ThemeName): Promise<void> {
  if (fluentThemes[name]) return;
  fluentThemes.dark = (await import('./dark-theme.ts')).webDarkTheme;
}

/** The Fluent theme of a name, once loaded (loadTheme); light until then. */
export const fluentTheme = (name: ThemeName): Theme => fluentThemes[name] ?? webLightTheme;
