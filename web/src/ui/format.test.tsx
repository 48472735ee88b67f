import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { renderWithApp } from '../test-utils';
import { DayInput } from './day-input';
import { useFormat } from './format';

const instant = '2026-11-22T09:15:00.000Z';

/** A day and an instant as the app shows them, and a date field holding the same day. */
function Dates() {
  const format = useFormat();
  return (
    <>
      <output data-testid="day">{format.day('2026-11-22')}</output>
      <output data-testid="server-day">{format.day('28.11.2026')}</output>
      <output data-testid="instant">{format.dateShort(instant)}</output>
      <output data-testid="head">{format.dayMonth('2026-11-23', 'short')}</output>
      <DayInput label="Den" value="2026-11-22" onChange={() => {}} />
    </>
  );
}

const text = (id: string) => screen.getByTestId(id).textContent;

describe('one date format per language (decision 0088)', () => {
  it('shows the same dates the Czech way, then the English way, fields included', async () => {
    renderWithApp(<Dates />);
    expect(text('day')).toBe('22.11.2026');
    expect(text('server-day')).toBe('28.11.2026');
    expect(text('instant')).toBe('22.11.2026 10:15');
    expect(text('head')).toBe('po 23.11.');
    expect((screen.getByLabelText('Den') as HTMLInputElement).value).toBe('22.11.2026');

    await act(() => i18n.changeLanguage('en'));
    expect(text('day')).toBe('22 Nov 2026');
    // A day the server sends as day.month.year reads as English too, not "28.11.2026" beside it.
    expect(text('server-day')).toBe('28 Nov 2026');
    expect(text('instant')).toBe('22 Nov 2026 10:15');
    expect(text('head')).toBe('Mon 23 Nov');
    expect((screen.getByLabelText('Den') as HTMLInputElement).value).toBe('22 Nov 2026');
  });
});
