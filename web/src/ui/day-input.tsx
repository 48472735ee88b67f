import '@mantine/dates/styles.css';
import 'dayjs/locale/cs';
import 'dayjs/locale/en-gb';
import { parseDay } from '@letokruh/contracts/rules/format';
import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useTranslation } from 'react-i18next';
import { dayInputFormats as formats, useFormat } from './format';

dayjs.extend(customParseFormat);

// The field shows a day as format.day does (decision 0088); English also takes the month's full name.
const alsoTyped = { cs: [], en: ['D MMMM YYYY', 'D/M/YYYY'] } as const;

type Props = Omit<
  DateInputProps,
  'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'locale' | 'minDate' | 'maxDate'
> & {
  /** A calendar day as YYYY-MM-DD, or null. */
  value: string | null;
  onChange: (day: string | null) => void;
  /** The first and last day that may be chosen (YYYY-MM-DD). */
  minDate?: string | undefined;
  maxDate?: string | undefined;
};

/**
 * A calendar day typed or picked, without time, in the user's language (domain.md §2.9: date picker
 * locale cs). Czech reads "1.3.2026" and accepts "1. 3. 2026" too, English "1 Mar 2026"; the value is
 * always YYYY-MM-DD.
 */
export function DayInput({ value, onChange, minDate, maxDate, error, ...rest }: Props) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const lang = i18n.language === 'en' ? 'en' : 'cs';
  const parse = (text: string) => {
    const czech = parseDay(text);
    if (czech) return czech;
    const typed = dayjs(
      text.trim(),
      [formats[lang], ...alsoTyped[lang], 'YYYY-MM-DD'],
      lang === 'en' ? 'en-gb' : 'cs',
      true,
    );
    return typed.isValid() ? typed.format('YYYY-MM-DD') : null;
  };
  // Decision 0024: Mantine's own minDate/maxDate drop a typed day outside them and show the old one
  // again, so "1.11." silently became today's date. The picker still greys those days out, but a
  // typed one is kept and named as out of range (the caller's own error, if any, goes first).
  const outside =
    value && minDate && value < minDate
      ? t('common.dayTooEarly', { day: format.day(minDate) })
      : value && maxDate && value > maxDate
        ? t('common.dayTooLate', { day: format.day(maxDate) })
        : null;
  const excluded = (day: string) =>
    Boolean((minDate && day.slice(0, 10) < minDate) || (maxDate && day.slice(0, 10) > maxDate));
  return (
    <DateInput
      {...rest}
      error={error || outside}
      excludeDate={excluded}
      value={value}
      onChange={(day) => onChange(day ? day.slice(0, 10) : null)}
      valueFormat={formats[lang]}
      dateParser={parse}
      locale={lang === 'en' ? 'en-gb' : 'cs'}
      firstDayOfWeek={1}
    />
  );
}
