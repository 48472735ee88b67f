import { pragueWallClockMs } from '@letokruh/contracts/rules/prague-day';
import type { ICalDayJsStub } from 'ical-generator';

/**
 * An instant as ical-generator writes it with `TZID=Europe/Prague`: its Prague wall clock
 * (domain.md §3.3 Time). ical-generator takes any object of its day.js shape (`ICalDayJsStub`) and
 * asks it for `tz(zone)` and then `format('YYYYMMDD')` and `format('HHmmss')`; the wall clock comes
 * from `pragueWallClockMs`, which asks Intl for Prague's offset once per hour met, where a Luxon
 * DateTime in a named zone asks at every step and cost most of a feed's time (decision 0073).
 */
export class PragueTime implements ICalDayJsStub {
  private readonly wall: Date;

  private constructor(
    /** The instant, epoch milliseconds. */
    readonly instant: number,
    wall: number,
  ) {
    this.wall = new Date(wall);
  }

  /** The instant a Prague wall-clock time names (`2026-03-28`, `10:00`). */
  static of(isoDay: string, clock: string): PragueTime {
    const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
    const [hour, minute] = clock.split(':').map(Number) as [number, number];
    const wanted = Date.UTC(year, month - 1, day, hour, minute);
    // Prague is UTC+2 or UTC+1: the autumn hour that comes twice is meant at its first passing;
    // a time in the spring gap (02:30 on the last Sunday of March) is read on the winter offset,
    // which lands an hour later on the clock (03:30), as a calendar app reads it.
    const instant = [2, 1]
      .map((offset) => wanted - offset * 3_600_000)
      .find((candidate) => pragueWallClockMs(candidate) === wanted);
    return PragueTime.at(instant ?? wanted - 3_600_000);
  }

  /** A Prague day, for an all-day event (only its date is written). */
  static day(isoDay: string): PragueTime {
    return PragueTime.of(isoDay, '12:00');
  }

  static at(instant: number): PragueTime {
    return new PragueTime(instant, pragueWallClockMs(instant));
  }

  plusMinutes(minutes: number): PragueTime {
    return PragueTime.at(this.instant + minutes * 60_000);
  }

  plusDays(days: number): PragueTime {
    const wall = this.wall.toISOString();
    const next = new Date(Date.UTC(+wall.slice(0, 4), +wall.slice(5, 7) - 1, +wall.slice(8, 10) + days));
    return PragueTime.of(next.toISOString().slice(0, 10), wall.slice(11, 16));
  }

  tz(zone?: string): PragueTime {
    if (zone !== 'Europe/Prague') throw new Error(`PragueTime has no zone ${zone}`);
    return this;
  }

  format(format?: string): string {
    const iso = this.wall.toISOString();
    if (format === 'YYYYMMDD') return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}`;
    if (format === 'HHmmss') return `${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
    throw new Error(`PragueTime has no format ${format}`);
  }

  isValid(): boolean {
    return Number.isFinite(this.instant);
  }

  toDate(): Date {
    return new Date(this.instant);
  }

  toJSON(): string {
    return this.toDate().toISOString();
  }
}
