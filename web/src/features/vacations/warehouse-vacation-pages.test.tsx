import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillIn, pickOption } from '../../test-form';
import { field, renderWithApp, t } from '../../test-utils';
import { afternoon, vacationRoutes } from './test-fixtures';
import { WarehouseVacationAddPage, WarehouseVacationEditPage } from './vacation-pages';

const renderAdd = (extra = {}) =>
  renderWithApp(<WarehouseVacationAddPage />, {
    path: '/warehouse-vacation/add',
    fetch: vacationRoutes(['dispatcher'], extra),
  });

const renderEdit = (extra = {}) =>
  renderWithApp(<WarehouseVacationEditPage />, {
    path: '/warehouse-vacation/42/edit',
    route: '/warehouse-vacation/:id/edit',
    fetch: vacationRoutes(['dispatcher'], {
      'GET /api/warehouse_vacation/42': { body: { item: afternoon } },
      ...extra,
    }),
  });

const submit = (user: ReturnType<typeof renderAdd>['user'], label: string) =>
  user.click(screen.getByRole('button', { name: label }));

describe('WarehouseVacationAddPage', () => {
  it('asks for the required fields and sends nothing', async () => {
    const { user, api } = renderAdd();
    await screen.findByRole('heading', { name: t('vacations.addWarehouseHeading') }, { timeout: 3000 });
    await submit(user, t('vacations.create'));
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.missingFields'));
    expect(api.sent('POST /api/warehouse_vacation/add')).toHaveLength(0);
  });

  it('marks a from day after the to day at once and refuses to send it', async () => {
    const { user, api } = renderAdd();
    await screen.findByRole('heading', { name: t('vacations.addWarehouseHeading') }, { timeout: 3000 });
    await pickOption(user, t('vacations.fields.warehouse'), 'Sklad Třebíč');
    await fillIn(user, t('vacations.fields.from'), '14.3.2030');
    await fillIn(user, t('vacations.fields.to'), '13.3.2030');
    expect(await screen.findByText(t('vacations.fromAfterTo'))).toBeTruthy();
    await submit(user, t('vacations.create'));
    expect((await screen.findByRole('alert')).textContent).toBe(t('vacations.fromAfterTo'));
    expect(api.sent('POST /api/warehouse_vacation/add')).toHaveLength(0);
  });

  it('sends the warehouse, the days and the starting hour, then returns to the list', async () => {
    const { user, api } = renderAdd({
      'POST /api/warehouse_vacation/add': { status: 201, body: { item: afternoon } },
    });
    await screen.findByRole('heading', { name: t('vacations.addWarehouseHeading') }, { timeout: 3000 });
    await pickOption(user, t('vacations.fields.warehouse'), 'Sklad Třebíč');
    await fillIn(user, t('vacations.fields.from'), '13. 3. 2030');
    await fillIn(user, t('vacations.fields.to'), '14.3.2030');
    await user.type(field(t('vacations.fields.fromTime')), '1230');
    await submit(user, t('vacations.create'));
    await waitFor(() => expect(api.sent('POST /api/warehouse_vacation/add')).toHaveLength(1));
    expect(api.sent('POST /api/warehouse_vacation/add')[0]?.body).toEqual({
      warehouse: 3,
      vacation_from: '2030-03-13',
      vacation_to: '2030-03-14',
      from_time: '12:30',
      to_time: null,
    });
    expect((await screen.findByTestId('location')).textContent).toBe('/warehouse-vacations');
  });

  it("shows the server's refusal and marks the fields it names", async () => {
    const { user } = renderAdd({
      'POST /api/warehouse_vacation/add': {
        status: 400,
        body: { error_code: 120, message: 'Invalid', fields: ['warehouse'] },
      },
    });
    await screen.findByRole('heading', { name: t('vacations.addWarehouseHeading') }, { timeout: 3000 });
    await pickOption(user, t('vacations.fields.warehouse'), 'Sklad Jihlava');
    await fillIn(user, t('vacations.fields.from'), '13.3.2030');
    await fillIn(user, t('vacations.fields.to'), '13.3.2030');
    await submit(user, t('vacations.create'));
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.120'));
    expect(field(t('vacations.fields.warehouse')).getAttribute('aria-invalid')).toBe('true');
  });
});

describe('WarehouseVacationEditPage', () => {
  it('shows the closure and saves it with its version', async () => {
    const { user, api } = renderEdit({
      'PUT /api/warehouse_vacation/42/edit': { body: { item: { ...afternoon, version: 4 } } },
    });
    await screen.findByRole('heading', { name: t('vacations.editWarehouseHeading') }, { timeout: 3000 });
    expect(field(t('vacations.fields.warehouse')).value).toBe('Sklad Jihlava');
    expect(field(t('vacations.fields.from')).value).toBe('8.3.2030');
    expect(field(t('vacations.fields.toTime')).value).toBe('18'); // the hours of 18:00
    await fillIn(user, t('vacations.fields.to'), '9.3.2030');
    await submit(user, t('vacations.save'));
    await waitFor(() => expect(api.sent('PUT /api/warehouse_vacation/42/edit')).toHaveLength(1));
    expect(api.sent('PUT /api/warehouse_vacation/42/edit')[0]?.body).toEqual({
      warehouse: 1,
      vacation_from: '2030-03-08',
      vacation_to: '2030-03-09',
      from_time: '12:00',
      to_time: '18:00',
      version: 3,
    });
    expect((await screen.findByTestId('location')).textContent).toBe('/warehouse-vacations');
  });

  it('offers to reload when someone else changed the closure meanwhile (409)', async () => {
    const { user } = renderEdit({
      'PUT /api/warehouse_vacation/42/edit': { status: 409, body: { error_code: 140, message: 'stale' } },
    });
    await screen.findByRole('heading', { name: t('vacations.editWarehouseHeading') }, { timeout: 3000 });
    await submit(user, t('vacations.save'));
    expect(await screen.findByText(t('errors.140'))).toBeTruthy();
    expect(screen.getByRole('button', { name: t('common.reload') })).toBeTruthy();
  });

  it('goes back to the list when the closure does not exist', async () => {
    renderEdit({
      'GET /api/warehouse_vacation/42': { status: 404, body: { error_code: 130, message: 'Not found' } },
    });
    expect((await screen.findByTestId('location', {}, { timeout: 3000 })).textContent).toBe(
      '/warehouse-vacations',
    );
    expect(await screen.findByText(t('vacations.notFound'))).toBeTruthy();
  });
});
