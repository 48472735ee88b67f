import type { Clash } from '@letokruh/contracts/order-steps';
import { describe, expect, it } from 'vitest';
import { t } from '../../test-utils';
import { formatFor } from '../format';
import { clashText } from './clash-dialog';

const cs = formatFor('cs');

const clash = (kind: Clash['kind'], from: string, to: string): Clash => ({
  kind,
  id: 1,
  intern_id: kind === 'driver' || kind === 'car' ? 2026000122 : null,
  name: kind === 'warehouse_closure' ? 'Sklad Jihlava' : 'Lukáš Veselý',
  from,
  to,
});

describe('clashText (domain.md §1.5): each clash by its kind, in plain words', () => {
  it('a vacation is a vacation, by its days, not "0:00–1.12.2026 0:00"', () => {
    expect(
      clashText(clash('driver_vacation', '2026-11-30T00:00', '2026-12-01T00:00'), '2026-11-30', t, cs),
    ).toBe('Dovolená řidiče Lukáš Veselý: 30.11.2026, celý den');
    expect(
      clashText(clash('driver_vacation', '2026-11-30T00:00', '2026-12-03T00:00'), '2026-11-30', t, cs),
    ).toBe('Dovolená řidiče Lukáš Veselý: 30.11.2026 – 2.12.2026, celé dny');
  });

  it('another order of the driver names it and its times; a closure with hours keeps them', () => {
    expect(clashText(clash('driver', '2026-11-30T09:08', '2026-11-30T10:52'), '2026-11-30', t, cs)).toBe(
      'Jiná objednávka téhož řidiče: 2026000122 (Lukáš Veselý), 9:08–10:52',
    );
    expect(
      clashText(clash('warehouse_closure', '2026-11-30T13:00', '2026-11-30T15:00'), '2026-11-30', t, cs),
    ).toBe('Sklad uzavřen: Sklad Jihlava, 13:00–15:00');
  });
});
