import { createContext, useCallback, useContext } from 'react';
import { DEFAULT_LANGUAGE, dictionaries, readLanguage, translators, type Language, type MessageKey } from './messages.ts';

export const LanguageContext = createContext<Language>(DEFAULT_LANGUAGE);

/** Switches the language (the app keeps it in local storage); a no-op outside the app. */
export const SetLanguageContext = createContext<(language: Language) => void>(() => {});

export const useLanguage = (): [Language, (language: Language) => void] => [useContext(LanguageContext), useContext(SetLanguageContext)];

/** The translate function of the current language. */
/** A translator: a text key (and its variables) in the console's language. */
export type T = (key: MessageKey, vars?: Record<string, string | number>) => string;

export function useT(): T {
  const lang = useContext(LanguageContext);
  const dict = dictionaries[lang] ?? dictionaries[DEFAULT_LANGUAGE]!;
  return (key, vars) => {
    const text = dict[key];
    // A signed-in text asked for before the shell loaded its texts (messages.ts) is a bug to see, not a blank.
    if (text === undefined) throw new Error(`text "${key}" is not loaded: signed-in texts come with the shell (loadSignedInTexts)`);
    return vars ? fill(text, vars) : text;
  };
}

/** `{count|user|users}`: the word for a count by English's plural rule (1 user, 0 users, 2 users). */
const CHOICE = /\{(\w+)\|([^|{}]*)\|([^|{}]*)\}/g;
const plural = new Intl.PluralRules('en');

/** A text with its variables: `{name}` the value; `{name|one|other}` the word its number takes (CHOICE). */
export function fill(text: string, vars: Record<string, string | number>): string {
  return text
    .replace(CHOICE, (m, k: string, one: string, other: string) =>
      k in vars ? (plural.select(Number(vars[k])) === 'one' ? one : other) : m,
    )
    .replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}

/** Shows a message the console made in the user's language (client-messages.ts); a server's message stays as sent. */
export function useLocalize(): (message: string) => string {
  const lang = useContext(LanguageContext);
  return useCallback((message: string) => (lang === 'en' && translators.en ? translators.en(message) : message), [lang]);
}

/** The same outside React (the app's actions): the language stored in this browser. */
export function localizeStored(message: string, stored: string | null): string {
  return readLanguage(stored) === 'en' && translators.en ? translators.en(message) : message;
}
