import { useTranslation } from 'react-i18next';

/**
 * Decimal inputs read as the language writes numbers: "12,5" in Czech, "12.5" in English; a
 * typed dot or comma both become the decimal separator, so pasted coordinates work as well.
 */
export function useDecimalProps() {
  const { i18n } = useTranslation();
  const czech = i18n.language !== 'en';
  return {
    decimalSeparator: czech ? ',' : '.',
    thousandSeparator: czech ? ' ' : ',',
    allowedDecimalSeparators: ['.', ','],
  };
}
