import { getI18n } from 'react-i18next';
import cs from './texts.cs.json';
import en from './texts.en.json';

/**
 * The page's own words (`spreadsheets.*`), loaded with its chunk rather than with the login page,
 * whose JavaScript budget the whole Czech catalogue counts against (decision 0090). Each language
 * gets them once its main catalogue is in: English loads only when chosen, and a bundle added
 * before it would stop that load.
 */
const texts: Record<string, object> = { cs, en };
/** The app's instance (i18n/index.ts), as react-i18next holds it. */
const i18n = getI18n();

function addTexts(lng: string) {
  const words = texts[lng];
  if (words && i18n.hasResourceBundle(lng, 'translation')) {
    i18n.addResourceBundle(lng, 'translation', { spreadsheets: words }, true, true);
  }
}

for (const lng of Object.keys(texts)) addTexts(lng);
// Before React renders the new language (its update is scheduled, not immediate).
i18n.on('languageChanged', addTexts);
i18n.on('loaded', (loaded: Record<string, unknown>) => {
  for (const lng of Object.keys(loaded)) addTexts(lng);
});

export const spreadsheetTexts = texts;
