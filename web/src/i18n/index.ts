import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import cs from './cs.json';

export const languages = ['cs', 'en'] as const;
export type Language = (typeof languages)[number];
export const languageStorageKey = 'lang';

/** The stored choice (domain.md §2.9: local storage `lang`), Czech when none or unknown. */
export function storedLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(languageStorageKey);
  return (languages as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'cs';
}

/**
 * A notice never says a word twice ("Sklad Sklad Jihlava byl uložen"): where a text puts
 * a noun before a name that starts with the same word, the name's word goes.
 */
export const dropDoubledWords = (text: string): string =>
  text.replace(/(?<!\p{L})(\p{L}+)\s+\1(?!\p{L})/giu, '$1');

/**
 * Czech is bundled; other catalogues load when chosen (an i18next backend), so the login page does
 * not carry the English one (decision 0020's 250 KiB budget). `changeLanguage` resolves once loaded.
 */
const otherCatalogues: Record<Exclude<Language, 'cs'>, () => Promise<{ default: object }>> = {
  en: () => import('./en.json'),
};
const lazyCatalogues = {
  type: 'backend' as const,
  init: () => {},
  read(lng: string, _ns: string, done: (error: Error | null, data: object | false) => void) {
    const load = otherCatalogues[lng as keyof typeof otherCatalogues];
    if (!load) return done(null, false);
    load().then(
      (m) => done(null, m.default),
      (error: Error) => done(error, false),
    );
  },
};

export const i18n = i18next.createInstance();
/** Resolves when the stored language's catalogue is in: the app renders after it. */
export const i18nReady = i18n
  .use(initReactI18next)
  .use(lazyCatalogues)
  .use({ type: 'postProcessor', name: 'noDoubledWords', process: (value: string) => dropDoubledWords(value) })
  .init({
    postProcess: ['noDoubledWords'],
    resources: { cs: { translation: cs } },
    partialBundledLanguages: true,
    lng: storedLanguage(),
    fallbackLng: 'cs',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
i18n.on('languageChanged', (lng) => {
  // The build draws the login page in each language without a browser (decision 0095).
  if (typeof document === 'undefined') return;
  localStorage.setItem(languageStorageKey, lng);
  // The server draws a landing page in this language (decision 0103; also index.html's first-screen.js).
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every phone's browser
  document.cookie = `${languageStorageKey}=${lng}; path=/; max-age=31536000; samesite=lax`;
  document.documentElement.lang = lng;
});
if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;
