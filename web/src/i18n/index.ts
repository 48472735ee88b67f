import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import cs from './cs.json';
import en from './en.json';

export const languages = ['cs', 'en'] as const;
export type Language = (typeof languages)[number];
export const languageStorageKey = 'lang';

/** The stored choice (part 2 §9: local storage `lang`), Czech when none or unknown. */
export function storedLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(languageStorageKey);
  return (languages as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'cs';
}

/**
 * A notice never says a word twice (issue 14: "Sklad Sklad Jihlava byl uložen"): where a text puts
 * a noun before a name that starts with the same word, the name's word goes.
 */
export const dropDoubledWords = (text: string): string =>
  text.replace(/(?<!\p{L})(\p{L}+)\s+\1(?!\p{L})/giu, '$1');

export const i18n = i18next.createInstance();
void i18n
  .use(initReactI18next)
  .use({ type: 'postProcessor', name: 'noDoubledWords', process: (value: string) => dropDoubledWords(value) })
  .init({
    postProcess: ['noDoubledWords'],
    resources: { cs: { translation: cs }, en: { translation: en } },
    lng: storedLanguage(),
    fallbackLng: 'cs',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
i18n.on('languageChanged', (lng) => {
  localStorage.setItem(languageStorageKey, lng);
  document.documentElement.lang = lng;
});
if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;
