import { createContext, useContext } from 'react';
import { DEFAULT_LANGUAGE, dictionaries, type Language, type MessageKey } from './messages.ts';

export const LanguageContext = createContext<Language>(DEFAULT_LANGUAGE);

/** Switches the language (the app keeps it in local storage); a no-op outside the app. */
export const SetLanguageContext = createContext<(language: Language) => void>(() => {});

export const useLanguage = (): [Language, (language: Language) => void] => [useContext(LanguageContext), useContext(SetLanguageContext)];

/** The translate function of the current language. */
export function useT(): (key: MessageKey, vars?: Record<string, string | number>) => string {
  const lang = useContext(LanguageContext);
  const dict = dictionaries[lang] ?? dictionaries[DEFAULT_LANGUAGE];
  return (key, vars) => (vars ? dict[key].replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : dict[key]);
}

/** Reads the stored language; anything unknown means the default, zh-cn (SPEC 4). */
export function readLanguage(stored: string | null): Language {
  return stored === 'en' || stored === 'zh-cn' ? stored : DEFAULT_LANGUAGE;
}
