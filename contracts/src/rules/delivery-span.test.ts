import { describe, expect, it } from 'vitest';
import { deliverySpan, overlaps, spanDays } from './delivery-span.ts';

describe('deliverySpan', () => {
  it('runs from the travel block before to the one after', () => {
    expect(deliverySpan({ date: '2026-03-10', time: '09:30', duration: 60, travel: 25 })).toEqual({
      from: '2026-03-10T09:05',
      to: '2026-03-10T10:55',
    });
  });

  it('crosses midnight in both directions', () => {
    expect(deliverySpan({ date: '2026-03-10', time: '00:15', duration: 30, travel: 40 })).toEqual({
      from: '2026-03-09T23:35',
      to: '2026-03-10T01:25',
    });
    expect(deliverySpan({ date: '2026-12-31', time: '23:00', duration: 90, travel: 0 })).toEqual({
      from: '2026-12-31T23:00',
      to: '2027-01-01T00:30',
    });
  });

  it('keeps the wall clock on the day the clocks change (29 March 2026)', () => {
    expect(deliverySpan({ date: '2026-03-29', time: '01:30', duration: 120, travel: 0 })).toEqual({
      from: '2026-03-29T01:30',
      to: '2026-03-29T03:30',
    });
  });
});

describe('overlaps', () => {
  const a = { from: '2026-03-10T09:00', to: '2026-03-10T10:00' };
  it('sees spans that share time', () => {
    expect(overlaps(a, { from: '2026-03-10T09:59', to: '2026-03-10T11:00' })).toBe(true);
    expect(overlaps(a, { from: '2026-03-10T08:00', to: '2026-03-10T12:00' })).toBe(true);
  });
  it('does not see spans that only touch', () => {
    expect(overlaps(a, { from: '2026-03-10T10:00', to: '2026-03-10T11:00' })).toBe(false);
    expect(overlaps(a, { from: '2026-03-10T08:00', to: '2026-03-10T09:00' })).toBe(false);
  });
});

describe('spanDays', () => {
  it('lists the days a span touches, its end excluded', () => {
    expect(spanDays({ from: '2026-03-09T23:35', to: '2026-03-10T01:25' })).toEqual([
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(spanDays({ from: '2026-03-10T22:00', to: '2026-03-11T00:00' })).toEqual(['2026-03-10']);
    expect(spanDays({ from: '2026-03-10T09:00', to: '2026-03-10T09:00' })).toEqual(['2026-03-10']);
  });
});
