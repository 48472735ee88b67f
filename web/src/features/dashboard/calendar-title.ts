import { dateTimeFormat } from '@letokruh/contracts/rules/intl';

/** "listopad 2026" or "listopad – prosinec 2026" for a week across two months. */
export function monthTitle(days: string[], lang: string): string {
  const month = (day: string, withYear: boolean) =>
    dateTimeFormat(lang === 'en' ? 'en-GB' : 'cs-CZ', {
      month: 'long',
      ...(withYear ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    }).format(new Date(`${day}T12:00:00Z`));
  const first = days[0]!;
  const last = days.at(-1)!;
  if (first.slice(0, 7) === last.slice(0, 7)) return month(first, true);
  if (first.slice(0, 4) === last.slice(0, 4)) return `${month(first, false)} – ${month(last, true)}`;
  return `${month(first, true)} – ${month(last, true)}`;
}

/** The day view's heading: "středa 25. listopadu 2026" (the week stays beside it). */
export const dayTitle = (day: string, lang: string): string =>
  dateTimeFormat(lang === 'en' ? 'en-GB' : 'cs-CZ', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
