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
