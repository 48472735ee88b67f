import type { FunctionName } from '@letokruh/contracts/permissions';
import type { UserVacation, WarehouseVacation } from '@letokruh/contracts/vacations';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { pickOption } from '../../test-form';
import { renderWithApp, t } from '../../test-utils';
import { clearListStates } from '../../ui/list-state';
import { afternoon, inventory, longWeekend, summer, vacationRoutes } from './test-fixtures';
import { UserVacationsPage, WarehouseVacationsPage } from './vacations-page';

type Row = { id: number; owner: string; cells: string[]; state: 'upcoming' | 'past' };

/** What the two lists show of the fixtures; every test below runs for both (decision 0060). */
const lists: {
  name: string;
  page: ReactElement;
  path: string;
  item: string;
  list: string;
  deactivate: string;
  /** The first row's vacation, which the deactivation test deactivates. */
  first: WarehouseVacation | UserVacation;
  rows: [Row, Row];
  owner: string;
  add: string;
  question: string;
  filter: { option: string; param: string; value: string };
  /** Who may look at the list only, and who may not look at it. */
  lookOnly: FunctionName[];
  denied: FunctionName[];
}[] = [
  {
    name: 'WarehouseVacationsPage',
    page: <WarehouseVacationsPage />,
    path: '/warehouse-vacations',
    item: '/warehouse-vacation',
    list: 'GET /api/warehouse_vacations',
    // domain.md's path puts the words the other way round here (domain.md §2.7).
    deactivate: `DELETE /api/vacation_warehouse/${inventory.id}/delete`,
    first: inventory,
    rows: [
      { id: inventory.id, owner: 'Sklad Třebíč', cells: ['13.3.2030', '14.3.2030'], state: 'upcoming' },
      // The hours of a closure within a day follow its days.
      {
        id: afternoon.id,
        owner: 'Sklad Jihlava',
        cells: ['8.3.2030 12:00', '8.3.2030 18:00'],
        state: 'upcoming',
      },
    ],
    owner: 'vacations.fields.warehouse',
    add: 'vacations.addWarehouse',
    question: t('vacations.deactivateWarehouseQuestion', {
      name: 'Sklad Třebíč',
      from: '13.3.2030',
      to: '14.3.2030',
    }),
    filter: { option: 'Sklad Jihlava', param: 'warehouse', value: String(afternoon.warehouse.id) },
    lookOnly: ['technical_specialist'],
    denied: ['driver'],
  },
  {
    name: 'UserVacationsPage',
    page: <UserVacationsPage />,
    path: '/user-vacations',
    item: '/user-vacation',
    list: 'GET /api/user_vacations',
    deactivate: `DELETE /api/vacation_user/${summer.id}/delete`,
    first: summer,
    // Drivers' vacations are whole days, counted in a column of their own.
    rows: [
      { id: summer.id, owner: 'Martin Kučera', cells: ['1.7.2030', '12.7.2030', '12'], state: 'upcoming' },
      { id: longWeekend.id, owner: 'Lukáš Veselý', cells: ['1.5.2020', '3.5.2020', '3'], state: 'past' },
    ],
    owner: 'vacations.fields.driver',
    add: 'vacations.addUser',
    question: t('vacations.deactivateUserQuestion', {
      name: 'Martin Kučera',
      from: '1.7.2030',
      to: '12.7.2030',
    }),
    filter: { option: 'Martin Kučera', param: 'user', value: String(summer.user.id) },
    lookOnly: ['driver'],
    // Every function may look at drivers' vacations: only a user without one may not.
    denied: [],
  },
];

// A list keeps its filters for the session; each test starts from none.
afterEach(clearListStates);

const row = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

describe.each(lists)('$name', (c) => {
  const renderList = (functions: FunctionName[]) =>
    renderWithApp(c.page, { path: c.path, fetch: vacationRoutes(functions) });
  const firstOwner = c.rows[0].owner;

  it('lists the vacations with their owner, Czech days and state, linking to add and edit', async () => {
    renderList(['dispatcher']);
    await screen.findByRole('cell', { name: firstOwner });
    for (const r of c.rows) {
      const cells = within(row(r.owner));
      for (const text of r.cells) expect(cells.getByRole('cell', { name: text }), text).toBeTruthy();
      expect(cells.getByText(t(`vacations.states.${r.state}`))).toBeTruthy();
      expect(cells.getByRole('link', { name: t('common.edit') }).getAttribute('href')).toBe(
        `${c.item}/${r.id}/edit`,
      );
    }
    expect(screen.getByRole('link', { name: t(c.add) }).getAttribute('href')).toBe(`${c.item}/add`);
    expect(screen.getByText(t('common.records', { count: 2 }))).toBeTruthy();
  });

  it('deactivates only after the confirm dialog, then reloads the list', async () => {
    const { user, api } = renderList(['dispatcher']);
    api.on(c.deactivate, { body: { item: { ...c.first, active: false } } });
    await screen.findByRole('cell', { name: firstOwner });
    const deactivate = () =>
      user.click(within(row(firstOwner)).getByRole('button', { name: t('vacations.deactivate') }));
    await deactivate();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(c.question)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: t('common.back') }));
    expect(api.sent(c.deactivate)).toHaveLength(0);

    await deactivate();
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: t('vacations.deactivate') }),
    );
    await waitFor(() => expect(api.sent(c.deactivate)).toHaveLength(1));
    expect(await screen.findByText(t('vacations.deactivated'))).toBeTruthy();
    await waitFor(() => expect(api.sent(c.list).length).toBeGreaterThan(1));
  });

  it('whoever may only look has no add, no edit, no deactivate', async () => {
    renderList(c.lookOnly);
    await screen.findByRole('cell', { name: firstOwner });
    expect(screen.queryByRole('link', { name: t('common.edit') })).toBeNull();
    expect(screen.queryByRole('button', { name: t('vacations.deactivate') })).toBeNull();
    expect(screen.queryByRole('link', { name: t(c.add) })).toBeNull();
  });

  it('whoever may not look is told so and nothing is loaded', async () => {
    const { api } = renderList(c.denied);
    expect(await screen.findByText(t('common.accessDenied'))).toBeTruthy();
    expect(api.sent(c.list)).toHaveLength(0);
  });

  it('filters by owner and pages with the chosen page size', async () => {
    const { user, api } = renderList(['dispatcher']);
    await screen.findByRole('cell', { name: firstOwner });
    expect(api.sent(c.list)[0]?.url.search).toBe('?current_page=1&per_page=10');
    await pickOption(user, t(c.owner), c.filter.option);
    await waitFor(() =>
      expect(api.sent(c.list).at(-1)?.url.searchParams.get(c.filter.param)).toBe(c.filter.value),
    );
  });
});
