import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillIn, pickOption } from '../../test-form';
import { field, renderWithApp, t } from '../../test-utils';
import { longWeekend, summer, vacationRoutes } from './test-fixtures';
import { UserVacationAddPage, UserVacationEditPage } from './vacation-pages';
import { UserVacationsPage } from './vacations-page';

const row = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

describe('UserVacationsPage', () => {
  it("lists drivers' vacations with days counted and their state; deactivates after confirming", async () => {
    const { user, api } = renderWithApp(<UserVacationsPage />, {
      path: '/user-vacations',
      fetch: vacationRoutes(['dispatcher'], {
        'DELETE /api/vacation_user/51/delete': { body: { item: { ...summer, active: false } } },
      }),
    });
    await screen.findByRole('cell', { name: 'Martin Kučera' }, { timeout: 3000 });
    const martin = within(row('Martin Kučera'));
    expect(martin.getByText('1.7.2030')).toBeTruthy();
    expect(martin.getByText('12.7.2030')).toBeTruthy();
    expect(martin.getByRole('cell', { name: '12' })).toBeTruthy();
    expect(martin.getByText(t('vacations.states.upcoming'))).toBeTruthy();
    expect(within(row('Lukáš Veselý')).getByText(t('vacations.states.past'))).toBeTruthy();
    expect(martin.getByRole('link', { name: t('common.edit') }).getAttribute('href')).toBe(
      '/user-vacation/51/edit',
    );

    await user.click(martin.getByRole('button', { name: t('vacations.deactivate') }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: t('vacations.deactivate') }),
    );
    await waitFor(() => expect(api.sent('DELETE /api/vacation_user/51/delete')).toHaveLength(1));
    expect(await screen.findByText(t('vacations.deactivated'))).toBeTruthy();
  });

  it('a driver may look at the list but has no add, edit or deactivate', async () => {
    renderWithApp(<UserVacationsPage />, { path: '/user-vacations', fetch: vacationRoutes(['driver']) });
    await screen.findByRole('cell', { name: 'Martin Kučera' }, { timeout: 3000 });
    expect(screen.queryByRole('link', { name: t('vacations.addUser') })).toBeNull();
    expect(screen.queryByRole('link', { name: t('common.edit') })).toBeNull();
    expect(screen.queryByRole('button', { name: t('vacations.deactivate') })).toBeNull();
  });
});

describe('UserVacationAddPage', () => {
  it('refuses from after to without sending, then sends the driver and the days', async () => {
    const { user, api } = renderWithApp(<UserVacationAddPage />, {
      path: '/user-vacation/add',
      fetch: vacationRoutes(['dispatcher'], {
        'POST /api/user_vacation/add': { status: 201, body: { item: summer } },
      }),
    });
    await screen.findByRole('heading', { name: t('vacations.addUserHeading') }, { timeout: 3000 });
    expect(screen.queryByLabelText(t('vacations.fields.fromTime'))).toBeNull();
    await pickOption(user, t('vacations.fields.driver'), 'Martin Kučera');
    await fillIn(user, t('vacations.fields.from'), '12.7.2030');
    await fillIn(user, t('vacations.fields.to'), '1.7.2030');
    await user.click(screen.getByRole('button', { name: t('vacations.create') }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('vacations.fromAfterTo'));
    expect(api.sent('POST /api/user_vacation/add')).toHaveLength(0);

    await fillIn(user, t('vacations.fields.from'), '1.7.2030');
    await fillIn(user, t('vacations.fields.to'), '12.7.2030');
    await user.click(screen.getByRole('button', { name: t('vacations.create') }));
    await waitFor(() => expect(api.sent('POST /api/user_vacation/add')).toHaveLength(1));
    expect(api.sent('POST /api/user_vacation/add')[0]?.body).toEqual({
      driver: 12,
      vacation_from: '2030-07-01',
      vacation_to: '2030-07-12',
    });
    expect((await screen.findByTestId('location')).textContent).toBe('/user-vacations');
  });
});

describe('UserVacationEditPage', () => {
  it("saves with the spec's `user` and the version", async () => {
    const { user, api } = renderWithApp(<UserVacationEditPage />, {
      path: '/user-vacation/52/edit',
      route: '/user-vacation/:id/edit',
      fetch: vacationRoutes(['dispatcher'], {
        'GET /api/user_vacation/52': { body: { item: longWeekend } },
        'PUT /api/user_vacation/52/edit': { body: { item: longWeekend } },
      }),
    });
    await screen.findByRole('heading', { name: t('vacations.editUserHeading') }, { timeout: 3000 });
    expect(field(t('vacations.fields.driver')).value).toBe('Lukáš Veselý');
    await pickOption(user, t('vacations.fields.driver'), 'Martin Kučera');
    await user.click(screen.getByRole('button', { name: t('vacations.save') }));
    await waitFor(() => expect(api.sent('PUT /api/user_vacation/52/edit')).toHaveLength(1));
    expect(api.sent('PUT /api/user_vacation/52/edit')[0]?.body).toEqual({
      user: 12,
      vacation_from: '2020-05-01',
      vacation_to: '2020-05-03',
      version: 1,
    });
  });
});
