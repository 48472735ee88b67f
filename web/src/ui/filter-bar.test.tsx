import { TextInput } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, t } from '../test-utils';
import { countActiveFilters, FilterBar } from './filter-bar';

const empty = { name: '', state: 'open' };

function List() {
  const [filters, setFilters] = useState(empty);
  return (
    <FilterBar active={countActiveFilters(filters, empty)} onClear={() => setFilters(empty)}>
      <TextInput
        label="Jméno"
        value={filters.name}
        onChange={(e) => setFilters({ ...filters, name: e.currentTarget.value })}
      />
    </FilterBar>
  );
}

/** Makes `(max-width: 48em)` match, as on a phone. */
function onPhone() {
  const real = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
    ...real(query),
    matches: query.includes('max-width'),
  }));
}

describe('FilterBar', () => {
  afterEach(() => vi.restoreAllMocks());

  it('counts the filters that differ from their empty values', () => {
    expect(countActiveFilters({ name: 'Nov', state: 'open' }, empty)).toBe(1);
    expect(countActiveFilters({ name: 'Nov', state: 'done' }, empty)).toBe(2);
    expect(countActiveFilters(empty, empty)).toBe(0);
  });

  it('shows the filters inline on a desk', () => {
    renderWithApp(<List />);
    expect(screen.getByLabelText('Jméno')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Filtry/ })).toBeNull();
  });

  it('on a phone puts them in a drawer and counts the ones set', async () => {
    onPhone();
    const { user } = renderWithApp(<List />);
    expect(screen.queryByLabelText('Jméno')).toBeNull();
    await user.click(screen.getByRole('button', { name: t('common.filtersCount', { count: 0 }) }));
    const drawer = await screen.findByRole('dialog', { name: t('common.filters') });
    await user.type(within(drawer).getByLabelText('Jméno'), 'Nov');
    await user.click(within(drawer).getByRole('button', { name: t('common.showResults') }));
    expect(await screen.findByRole('button', { name: t('common.filtersCount', { count: 1 }) })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: t('common.filtersCount', { count: 1 }) }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: t('common.clearFilters') }),
    );
    expect(await screen.findByRole('button', { name: t('common.filtersCount', { count: 0 }) })).toBeTruthy();
  });
});
