import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Language, languages } from '../i18n';

/** Shown only when more than one language exists (domain.md §1.2); the choice lives in `lang`. */
export function LanguageSelect({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  if (languages.length < 2) return null;
  return (
    <SegmentedControl
      size={size}
      aria-label={t('nav.language')}
      value={i18n.language}
      onChange={(lang) => void i18n.changeLanguage(lang as Language)}
      data={languages.map((l) => ({ value: l, label: l.toUpperCase(), title: t(`languages.${l}`) }))}
    />
  );
}
