import type { UserVacation, WarehouseVacation } from '@letokruh/contracts/vacations';
import { screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fillIn, pickOption } from '../../test-form';
import { field, type MockRoutes, renderWithApp, t } from '../../test-utils';
import { afternoon, longWeekend, vacationRoutes } from './test-fixtures';
import {
  UserVacationAddPage,
  UserVacationEditPage,
  WarehouseVacationAddPage,
  WarehouseVacationEditPage,
} from './vacation-pages';

type User = ReturnType<typeof renderWithApp>['user'];

/** What the two subjects' add and edit pages show and send; every test below runs for both. */
const forms: {
  name: string;
  add: { page: ReactElement; path: string; call: string; heading: string };
  edit: {
    /** The vacation edited; also the answer of an add. */
    item: WarehouseVacation | UserVacation;
    page: ReactElement;
    path: string;
    route: string;
    get: string;
    call: string;
    heading: string;
  };
  listPath: string;
  /** The owner's select, the field a refusal names, and the option picked with its id. */
  owner: { label: string; field: string; option: string; id: number };
  /** Warehouse closures may start and end within a day; drivers' vacations are whole days. */
  withTimes: boolean;
  /** The days typed on add (and the other way round), the rest typed, and what is sent. */
  period: [string, string];
  fillRest: (user: User) => Promise<void>;
  added: Record<string, unknown>;
  /** The edited vacation: its fields as shown, the change typed, and what is sent. */
  shown: [string, string][];
  change: (user: User) => Promise<void>;
  edited: Record<string, unknown>;
}[] = [
  {
    name: 'warehouse closures',
    add: {
      page: <WarehouseVacationAddPage />,
      path: '/warehouse-vacation/add',
      call: 'POST /api/warehouse_vacation/add',
      heading: 'vacations.addWarehouseHeading',
    },
    edit: {
      item: afternoon,
      page: <WarehouseVacationEditPage />,
      path: `/warehouse-vacation/${afternoon.id}/edit`,
      route: '/warehouse-vacation/:id/edit',
      get: `GET /api/warehouse_vacation/${afternoon.id}`,
      call: `PUT /api/warehouse_vacation/${afternoon.id}/edit`,
      heading: 'vacations.editWarehouseHeading',
    },
    listPath: '/warehouse-vacations',
    owner: { label: 'vacations.fields.warehouse', field: 'warehouse', option: 'Sklad Třebíč', id: 3 },
    withTimes: true,
    period: ['13. 3. 2030', '14.3.2030'],
    fillRest: (user) => user.type(field(t('vacations.fields.fromTime')), '1230'),
    added: {
      warehouse: 3,
      vacation_from: '2030-03-13',
      vacation_to: '2030-03-14',
      from_time: '12:30',
      to_time: null,
    },
    shown: [
      ['vacations.fields.warehouse', 'Sklad Jihlava'],
      ['vacations.fields.from', '8.3.2030'],
      ['vacations.fields.toTime', '18'], // the hours of 18:00
    ],
    change: (user) => fillIn(user, t('vacations.fields.to'), '9.3.2030'),
    edited: {
      warehouse: 1,
      vacation_from: '2030-03-08',
      vacation_to: '2030-03-09',
      from_time: '12:00',
      to_time: '18:00',
      version: afternoon.version,
    },
  },
  {
    name: "drivers' vacations",
    add: {
      page: <UserVacationAddPage />,
      path: '/user-vacation/add',
      call: 'POST /api/user_vacation/add',
      heading: 'vacations.addUserHeading',
    },
    edit: {
      item: longWeekend,
      page: <UserVacationEditPage />,
      path: `/user-vacation/${longWeekend.id}/edit`,
      route: '/user-vacation/:id/edit',
      get: `GET /api/user_vacation/${longWeekend.id}`,
      call: `PUT /api/user_vacation/${longWeekend.id}/edit`,
      heading: 'vacations.editUserHeading',
    },
    listPath: '/user-vacations',
    owner: { label: 'vacations.fields.driver', field: 'driver', option: 'Martin Kučera', id: 12 },
    withTimes: false,
    period: ['1.7.2030', '12.7.2030'],
    fillRest: async () => {},
    // domain.md §2.7: the add call names the driver `driver`, the edit call `user`.
    added: { driver: 12, vacation_from: '2030-07-01', vacation_to: '2030-07-12' },
    shown: [
      ['vacations.fields.driver', 'Lukáš Veselý'],
      ['vacations.fields.from', '1.5.2020'],
    ],
    change: (user) => pickOption(user, t('vacations.fields.driver'), 'Martin Kučera'),
    edited: {
      user: 12,
      vacation_from: '2020-05-01',
      vacation_to: '2020-05-03',
      version: longWeekend.version,
    },
  },
];

const submit = (user: User, label: string) => user.click(screen.getByRole('button', { name: label }));

describe.each(forms)('the add page of $name', (c) => {
  const renderAdd = async (extra: MockRoutes = {}) => {
    const rendered = renderWithApp(c.add.page, {
      path: c.add.path,
      fetch: vacationRoutes(['dispatcher'], extra),
    });
    await screen.findByRole('heading', { name: t(c.add.heading) });
    return rendered;
  };

  it('asks for the required fields and sends nothing', async () => {
    const { user, api } = await renderAdd();
    await submit(user, t('vacations.create'));
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.missingFields'));
    expect(field(t(c.owner.label)).getAttribute('aria-invalid')).toBe('true');
    expect(api.sent(c.add.call)).toHaveLength(0);
  });

  it('marks a from day after the to day at once and refuses to send it', async () => {
    const { user, api } = await renderAdd();
    await pickOption(user, t(c.owner.label), c.owner.option);
    await fillIn(user, t('vacations.fields.from'), c.period[1]);
    await fillIn(user, t('vacations.fields.to'), c.period[0]);
    expect(await screen.findByText(t('vacations.fromAfterTo'))).toBeTruthy();
    await submit(user, t('vacations.create'));
    expect((await screen.findByRole('alert')).textContent).toBe(t('vacations.fromAfterTo'));
    expect(api.sent(c.add.call)).toHaveLength(0);
  });

  it('sends the owner and the days (and the hours of a closure), then returns to the list', async () => {
    const { user, api } = await renderAdd({ [c.add.call]: { status: 201, body: { item: c.edit.item } } });
    expect(screen.queryByLabelText(t('vacations.fields.fromTime')) !== null).toBe(c.withTimes);
    await pickOption(user, t(c.owner.label), c.owner.option);
    await fillIn(user, t('vacations.fields.from'), c.period[0]);
    await fillIn(user, t('vacations.fields.to'), c.period[1]);
    await c.fillRest(user);
    await submit(user, t('vacations.create'));
    await waitFor(() => expect(api.sent(c.add.call)).toHaveLength(1));
    expect(api.sent(c.add.call)[0]?.body).toEqual(c.added);
    expect((await screen.findByTestId('location')).textContent).toBe(c.listPath);
  });

  it("shows the server's refusal and marks the fields it names", async () => {
    const { user } = await renderAdd({
      [c.add.call]: { status: 400, body: { error_code: 120, message: 'Invalid', fields: [c.owner.field] } },
    });
    await pickOption(user, t(c.owner.label), c.owner.option);
    await fillIn(user, t('vacations.fields.from'), c.period[0]);
    await fillIn(user, t('vacations.fields.to'), c.period[1]);
    await submit(user, t('vacations.create'));
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.120'));
    expect(field(t(c.owner.label)).getAttribute('aria-invalid')).toBe('true');
  });
});

describe.each(forms)('the edit page of $name', (c) => {
  const renderEdit = (extra: MockRoutes = {}) =>
    renderWithApp(c.edit.page, {
      path: c.edit.path,
      route: c.edit.route,
      fetch: vacationRoutes(['dispatcher'], {
        [c.edit.get]: { body: { item: c.edit.item } },
        ...extra,
      }),
    });

  it('shows the vacation and saves it with its version', async () => {
    const { user, api } = renderEdit({ [c.edit.call]: { body: { item: c.edit.item } } });
    await screen.findByRole('heading', { name: t(c.edit.heading) });
    for (const [label, value] of c.shown) expect(field(t(label)).value, label).toBe(value);
    await c.change(user);
    await submit(user, t('vacations.save'));
    await waitFor(() => expect(api.sent(c.edit.call)).toHaveLength(1));
    expect(api.sent(c.edit.call)[0]?.body).toEqual(c.edited);
    expect((await screen.findByTestId('location')).textContent).toBe(c.listPath);
  });

  it('offers to reload when someone else changed the vacation meanwhile (409)', async () => {
    const { user } = renderEdit({
      [c.edit.call]: { status: 409, body: { error_code: 140, message: 'stale' } },
    });
    await screen.findByRole('heading', { name: t(c.edit.heading) });
    await submit(user, t('vacations.save'));
    expect(await screen.findByText(t('errors.140'))).toBeTruthy();
    expect(screen.getByRole('button', { name: t('common.reload') })).toBeTruthy();
  });

  it('goes back to the list when the vacation does not exist', async () => {
    renderEdit({ [c.edit.get]: { status: 404, body: { error_code: 130, message: 'Not found' } } });
    expect((await screen.findByTestId('location')).textContent).toBe(c.listPath);
    expect(await screen.findByText(t('vacations.notFound'))).toBeTruthy();
  });
});
