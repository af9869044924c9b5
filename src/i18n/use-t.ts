import { createContext, useContext } from 'react';
import { DEFAULT_LANGUAGE, dictionaries, type Language, type MessageKey } from './messages.ts';

export const LanguageContext = createContext<Language>(DEFAULT_LANGUAGE);

/** The translate function of the current language. */
export function useT(): (key: MessageKey) => string {
  const lang = useContext(LanguageContext);
  const dict = dictionaries[lang] ?? dictionaries[DEFAULT_LANGUAGE];
  return (key) => dict[key];
}

/** Reads the stored language; anything unknown means the default, zh-cn (SPEC 4). */
export function readLanguage(stored: string | null): Language {
  return stored === 'en' || stored === 'zh-cn' ? stored : DEFAULT_LANGUAGE;
}
