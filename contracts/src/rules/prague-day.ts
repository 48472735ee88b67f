/**
 * The Prague calendar day of an instant as YYYY-MM-DD: the "today" that prices are in force on.
 * Days of the business are Prague calendar days (domain.md §3.3 Time), whatever the server's zone:
 * the day of the Prague wall clock.
 */
export const pragueDay = (instant: Date = new Date()): string =>
  new Date(pragueWallClockMs(instant.getTime())).toISOString().slice(0, 10);

/**
 * Prague's offset from UTC by the European summer-time rule that Czech law follows (Directive
 * 2000/84/EC; the same dates since 1996): UTC+2 from 01:00 UTC on the last Sunday of March to
 * 01:00 UTC on the last Sunday of October, UTC+1 otherwise. Null outside 1996–2099, where the zone
 * database (Intl) answers. Counted rather than asked of Intl because the first date formatter a
 * page makes loads ICU's calendar data, 110–150 ms of a mid-range phone's main thread (decision
 * 0103); the test compares it with Intl for every hour around each change and every day of 1996–2099.
 */
function summerTimeRuleOffset(time: number): number | null {
  const year = new Date(time).getUTCFullYear();
  if (year < 1996 || year > 2099) return null;
  const lastSunday = (month: number) => {
    const last = Date.UTC(year, month + 1, 0, 1);
    return last - new Date(last).getUTCDay() * msPerDay;
  };
  return time >= lastSunday(2) && time < lastSunday(9) ? 7_200_000 : 3_600_000;
}

/**
 * Day arithmetic on real dates, never on strings (domain.md §3.3 Time): a day is turned into its
 * number of days since 1970-01-01 and back. Anything that is not a real day of the years
 * 0000–9999 throws a RangeError instead of giving a string such as `+010000-01-01`, which compares
 * below `9999-12-31` and would keep a day loop running for ever.
 */
const msPerDay = 86_400_000;
const isoDayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day's number: days since 1970-01-01 (negative before). */
export function dayNumber(isoDay: string): number {
  const match = isoDayPattern.exec(isoDay);
  if (!match) throw new RangeError(`Not a day: ${isoDay.slice(0, 40)}`);
  const date = new Date(0);
  date.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const number = Math.round(date.getTime() / msPerDay);
  if (dayOfNumber(number) !== isoDay) throw new RangeError(`Not a day: ${isoDay}`);
  return number;
}

/** The ISO day (YYYY-MM-DD) of a day's number. */
export function dayOfNumber(number: number): string {
  if (!Number.isInteger(number)) throw new RangeError(`Not a day number: ${number}`);
  const date = new Date(number * msPerDay);
  const year = date.getUTCFullYear();
  if (!(year >= 0 && year <= 9999)) throw new RangeError(`Day out of range: ${number}`);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}`;
}

/** The day `days` after an ISO day (negative: before), as YYYY-MM-DD. */
export const addDays = (isoDay: string, days: number): string => dayOfNumber(dayNumber(isoDay) + days);

/** How many days `to` is after `from` (negative: before). */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

/**
 * Every day from `from` to `to`, both included, counted rather than compared as text. More than
 * `most` days throws: a caller's range is bounded by its schema, this is the last guard.
 */
export function eachDay(from: string, to: string, most = 3660): string[] {
  const first = dayNumber(from);
  const count = dayNumber(to) - first + 1;
  if (count > most) throw new RangeError(`${count} days from ${from} to ${to}: at most ${most}`);
  return Array.from({ length: Math.max(0, count) }, (_, i) => dayOfNumber(first + i));
}

// Made on first use: building a formatter with a time zone loads ICU's data, tens of milliseconds
// of a phone's main thread, and inside 1996–2099 the summer-time rule answers without it.
let hourFormat: Intl.DateTimeFormat | undefined;
const pragueHourFormat = () =>
  (hourFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Prague',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }));

/** Prague's offset from UTC in ms for each UTC hour met so far: it changes only on whole hours. */
const pragueOffsets = new Map<number, number>();

/**
 * The Prague wall clock of an instant written as if it were UTC: spreadsheets have no time zones,
 * and the calendars draw wall-clock deliveries in FullCalendar's UTC zone, so their "now" line
 * and "today" must be this, not the browser's own clock (decision 0024). The offset is asked per hour,
 * not per call (formatToParts for each of 100 000 export rows was too slow).
 */
export function pragueWallClockAsUtc(instant: Date = new Date()): Date {
  return new Date(pragueWallClockMs(instant.getTime()));
}

/** The same in epoch milliseconds, without a Date (the exports call it for every row). */
export function pragueWallClockMs(time: number): number {
  const ruled = summerTimeRuleOffset(time);
  if (ruled !== null) return time + ruled;
  const hour = Math.floor(time / 3_600_000);
  let offset = pragueOffsets.get(hour);
  if (offset === undefined) {
    const start = new Date(hour * 3_600_000);
    const parts = Object.fromEntries(
      pragueHourFormat()
        .formatToParts(start)
        .map((p) => [p.type, p.value]),
    );
    offset =
      Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!) - start.getTime();
    if (pragueOffsets.size > 100_000) pragueOffsets.clear();
    pragueOffsets.set(hour, offset);
  }
  return time + offset;
}

/**
 * Does this wall-clock time happen in Prague on that day? Not in the spring gap: on the last
 * Sunday of March the clocks go from 02:00 straight to 03:00, so 02:30 never comes (decision 0024).
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
