/** Days of the business are Prague calendar days (DESIGN §3 Time), whatever the server's zone. */
const pragueDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Prague',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Prague calendar day of an instant as YYYY-MM-DD: the "today" that prices are in force on. */
export const pragueDay = (instant: Date = new Date()): string => pragueDayFormat.format(instant);

/** The day `days` after an ISO day (negative: before), as YYYY-MM-DD. */
export function addDays(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const pragueClockFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Prague',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The Prague wall clock of an instant as its parts (year, month 1–12, day, hour, minute, second). */
function pragueClock(instant: Date) {
  const parts = Object.fromEntries(
    pragueClockFormat.formatToParts(instant).map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return parts;
}

/**
 * The Prague wall clock of an instant written as if it were UTC: the calendars draw wall-clock
 * deliveries in FullCalendar's UTC zone, so their "now" line and "today" must be this, not the
 * browser's own clock (issue 14: the line stood an hour off in a browser set to UTC).
 */
export function pragueWallClockAsUtc(instant: Date = new Date()): Date {
  const p = pragueClock(instant);
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second));
}

/**
 * Does this wall-clock time happen in Prague on that day? Not in the spring gap: on the last
 * Sunday of March the clocks go from 02:00 straight to 03:00, so 02:30 never comes (issue 14).
 * The autumn hour that comes twice exists (its first passing is meant).
 */
export function pragueTimeExists(isoDay: string, clock: string): boolean {
  const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
  const [hour, minute] = clock.split(':').map(Number) as [number, number];
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  // Prague is UTC+1 or UTC+2: one of the two readings lands on the wanted wall clock, unless none.
  return [1, 2].some(
    (offset) => pragueWallClockAsUtc(new Date(wanted - offset * 3_600_000)).getTime() === wanted,
  );
}
