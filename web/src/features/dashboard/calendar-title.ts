import type { Format } from '../../ui/format';

/** "listopad 2026" or "listopad – prosinec 2026" for a week across two months. */
export function monthTitle(days: string[], format: Pick<Format, 'month'>): string {
  const first = days[0]!;
  const last = days.at(-1)!;
  if (first.slice(0, 7) === last.slice(0, 7)) return format.month(first, 'long');
  if (first.slice(0, 4) === last.slice(0, 4))
    return `${format.month(first, 'longNoYear')} – ${format.month(last, 'long')}`;
  return `${format.month(first, 'long')} – ${format.month(last, 'long')}`;
}

/** The day view's heading: "středa 25. listopadu 2026" (the week stays beside it). */
export const dayTitle = (day: string, format: Pick<Format, 'dayLong'>): string => format.dayLong(day);
