import { Select } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test-utils';

describe('pick lists', () => {
  it('find options without accents and letter case, as the server searches do', async () => {
    const { user } = renderWithApp(
      <Select
        label="Řidič"
        placeholder="Vyberte řidiče"
        searchable
        data={['Josef Černý', 'Lukáš Veselý', 'Jana Nováková', 'Petr Novotný']}
      />,
    );
    await user.type(screen.getByPlaceholderText('Vyberte řidiče'), 'NOVAK');
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['Jana Nováková']);
    await user.clear(screen.getByPlaceholderText('Vyberte řidiče'));
    await user.type(screen.getByPlaceholderText('Vyberte řidiče'), 'cerny');
    expect((await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent)).toEqual([
      'Josef Černý',
    ]);
  });
});
