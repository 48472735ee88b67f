import { getI18n } from 'react-i18next';
import cs from './texts.cs.json';
import en from './texts.en.json';

/**
 * The page's own words, in a namespace of their own (`spreadsheets:…`) loaded with the page's
 * chunk rather than with the Czech catalogue the login page carries, whose JavaScript budget that
 * catalogue counts against (decision 0090). Both languages are added at once: a namespace of its
 * own leaves the main catalogue untouched, and English's main catalogue still loads when chosen.
 */
const i18n = getI18n();
for (const [lng, words] of Object.entries({ cs, en })) {
  if (!i18n.hasResourceBundle(lng, 'spreadsheets')) i18n.addResourceBundle(lng, 'spreadsheets', words);
}
