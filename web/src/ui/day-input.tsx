import '@mantine/dates/styles.css';
import 'dayjs/locale/cs';
import 'dayjs/locale/en-gb';
import { parseDay } from '@letokruh/contracts/rules/format';
import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useTranslation } from 'react-i18next';

dayjs.extend(customParseFormat);

// Czech as the server writes days (part 2 §9: day.month.year), the same as format.day shows them.
const formats = { cs: 'D.M.YYYY', en: 'D MMMM YYYY' } as const;

type Props = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'locale'> & {
  /** A calendar day as YYYY-MM-DD, or null. */
  value: string | null;
  onChange: (day: string | null) => void;
};

/**
 * A calendar day typed or picked, without time, in the user's language (part 2 §9: date picker
 * locale cs). Czech reads "1.3.2026" and accepts "1. 3. 2026" too; the value is always YYYY-MM-DD.
 */
export function DayInput({ value, onChange, ...rest }: Props) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'cs';
  const parse = (text: string) => {
    const czech = parseDay(text);
    if (czech) return czech;
    const typed = dayjs(text.trim(), [formats[lang], 'YYYY-MM-DD'], lang === 'en' ? 'en-gb' : 'cs', true);
    return typed.isValid() ? typed.format('YYYY-MM-DD') : null;
  };
  return (
    <DateInput
      {...rest}
      value={value}
      onChange={(day) => onChange(day ? day.slice(0, 10) : null)}
      valueFormat={formats[lang]}
      dateParser={parse}
      locale={lang === 'en' ? 'en-gb' : 'cs'}
      firstDayOfWeek={1}
    />
  );
}
