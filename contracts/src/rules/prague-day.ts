/** Days of the business are Prague calendar days (domain.md §3.3 Time), whatever the server's zone. */
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

const pragueHourFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Prague',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Prague's offset from UTC in ms for each UTC hour met so far: it changes only on whole hours. */
const pragueOffsets = new Map<number, number>();

/**
 * The Prague wall clock of an instant written as if it were UTC: spreadsheets have no time zones,
 * and the calendars draw wall-clock deliveries in FullCalendar's UTC zone, so their "now" line
 * and "today" must be this, not the browser's own clock (issue 14). The offset is asked per hour,
 * not per call (issue 9: formatToParts for each of 100 000 export rows took 1.3 s).
 */
export function pragueWallClockAsUtc(instant: Date = new Date()): Date {
  return new Date(pragueWallClockMs(instant.getTime()));
}

/** The same in epoch milliseconds, without a Date (the exports call it for every row). */
export function pragueWallClockMs(time: number): number {
  const hour = Math.floor(time / 3_600_000);
  let offset = pragueOffsets.get(hour);
  if (offset === undefined) {
    const start = new Date(hour * 3_600_000);
    const parts = Object.fromEntries(pragueHourFormat.formatToParts(start).map((p) => [p.type, p.value]));
    offset =
      Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!) - start.getTime();
    if (pragueOffsets.size > 100_000) pragueOffsets.clear();
    pragueOffsets.set(hour, offset);
  }
  return time + offset;
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
