import type { FunctionName } from '@letokruh/contracts/permissions';
import { Button } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { type ReactElement, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makeProfile, renderWithApp, t } from '../test-utils';
import { ListPageHeader } from './list-page-header';

function renderAs(functions: FunctionName[], ui: ReactElement) {
  return renderWithApp(ui, {
    path: '/warehouses',
    fetch: { 'GET /api/auth/user': { body: { user: makeProfile(functions) } } },
  });
}

describe('ListPageHeader', () => {
  it('links to the add page for a user whose add call would pass (decision 0029)', async () => {
    renderAs(
      ['owner'],
      <ListPageHeader
        title="Sklady"
        add={{ call: 'POST /warehouse/add', to: '/warehouses/add', label: 'Přidat sklad' }}
        filters={<input aria-label="Název" />}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Sklady' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Přidat sklad' })).getAttribute('href')).toBe(
      '/warehouses/add',
    );
    expect(screen.getByRole('textbox', { name: 'Název' })).toBeTruthy();
  });

  it('shows no add button to a user the server would refuse', async () => {
    renderAs(
      ['dispatcher'],
      <>
        <ListPageHeader
          title="Sklady"
          add={{ call: 'POST /warehouse/add', to: '/warehouses/add', label: 'Přidat sklad' }}
        />
        <ListPageHeader
          title="Zákazníci"
          add={{ call: 'POST /customer/add', to: '/customer/add', label: 'Přidat zákazníka' }}
        />
      </>,
    );
    // Once the dispatcher's own add shows, their profile is known.
    expect(await screen.findByRole('link', { name: 'Přidat zákazníka' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Přidat sklad' })).toBeNull();
  });

  it('an add action that starts the record at once is a button beside the others', async () => {
    const start = vi.fn();
    const { user } = renderAs(
      ['dispatcher'],
      <ListPageHeader
        title="Objednávky"
        add={{ call: 'GET /order/add', onClick: start, label: 'Nová objednávka' }}
        actions={<Button>Dodací listy</Button>}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Nová objednávka' }));
    expect(start).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Dodací listy' })).toBeTruthy();
  });

  it('offers to clear the filters only while some are set', async () => {
    const { user } = renderAs(['owner'], <FilteredList />);
    const clear = await screen.findByRole('button', { name: t('common.clearFilters') });
    expect(clear.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Jméno' }), 'Nov');
    await waitFor(() => expect(clear.hasAttribute('disabled')).toBe(false));
    await user.click(clear);
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Jméno' }) as HTMLInputElement).value).toBe(''),
    );
    expect(clear.hasAttribute('disabled')).toBe(true);
  });
});

function FilteredList() {
  const [name, setName] = useState('');
  return (
    <ListPageHeader
      title="Zákazníci"
      filters={<input aria-label="Jméno" value={name} onChange={(e) => setName(e.currentTarget.value)} />}
      clearFilters={{ filtered: name !== '', onClear: () => setName('') }}
    />
  );
}
