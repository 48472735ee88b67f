import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillIn, pickOption } from '../../test-form';
import { field, renderWithApp, t } from '../../test-utils';
import { haul, transportationRoutes } from './test-data';
import { TransportationAddPage, TransportationEditPage } from './transportation-pages';

const rowLabel = (label: string, n: number) => t('transportations.rowLabel', { label: t(label), n });
const row = (label: string, n: number) => field(rowLabel(label, n));
const cmrLabel = 'transportations.fields.cmrOrWagon';
const amountLabel = 'transportations.fields.amount';
const loadingLabel = 'transportations.fields.loading';
const unloadingLabel = 'transportations.fields.unloading';

async function renderAdd() {
  const rendered = renderWithApp(<TransportationAddPage />, {
    path: '/transportation/add',
    fetch: transportationRoutes(['driver'], {
      'POST /api/transportation/add': { status: 201, body: { item: haul } },
    }),
  });
  await screen.findByRole('heading', { name: t('transportations.addHeading') });
  return rendered;
}

describe('TransportationAddPage', () => {
  it('refuses to send without subscriber, date and plate, marking the missing-fields alert', async () => {
    const { user, api } = await renderAdd();
    await user.click(screen.getByRole('button', { name: t('transportations.create') }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.missingFields'));
    expect(field(t('transportations.fields.subscriber')).getAttribute('aria-invalid')).toBe('true');
    expect(field(t('transportations.fields.spz')).getAttribute('aria-invalid')).toBe('true');

    // Other picked but its text left empty is still missing.
    await fillIn(user, t('transportations.fields.date'), '14.3.2026');
    await pickOption(user, t('transportations.fields.spz'), '1J2 3456');
    await pickOption(user, t('transportations.fields.subscriber'), t('transportations.otherSubscriber'));
    await user.click(screen.getByRole('button', { name: t('transportations.create') }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.missingFields'));
    expect(field(t('transportations.fields.subscriberText')).getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('POST /api/transportation/add')).toHaveLength(0);
  });

  it('adds and removes CMR rows and place pairs: the first row keeps no remove button', async () => {
    const { user } = await renderAdd();
    expect(screen.queryByRole('button', { name: t('transportations.removeRow', { n: 1 }) })).toBeNull();
    const addAfter = (n: number) =>
      screen.getAllByRole('button', { name: t('transportations.addRow', { n }) });
    // Row 1 of the CMR list comes first, then row 1 of the places.
    await user.click(addAfter(1)[0] as HTMLElement);
    await user.type(row(cmrLabel, 2), 'CMR 2');
    await user.click(addAfter(1)[0] as HTMLElement);
    // The new row went between the first and the one typed.
    expect(row(cmrLabel, 2).value).toBe('');
    expect(row(cmrLabel, 3).value).toBe('CMR 2');
    await user.click(
      screen.getAllByRole('button', { name: t('transportations.removeRow', { n: 2 }) })[0] as HTMLElement,
    );
    expect(row(cmrLabel, 2).value).toBe('CMR 2');
    expect(screen.queryByLabelText(t('transportations.rowLabel', { label: t(cmrLabel), n: 3 }))).toBeNull();

    await user.click(addAfter(1)[1] as HTMLElement);
    expect(row(loadingLabel, 2)).toBeTruthy();
    // The CMR list still has its second row: the places' remove button is the last of the two.
    const removeSecond = screen.getAllByRole('button', { name: t('transportations.removeRow', { n: 2 }) });
    expect(removeSecond).toHaveLength(2);
    await user.click(removeSecond[1] as HTMLElement);
    expect(
      screen.queryByLabelText(t('transportations.rowLabel', { label: t(loadingLabel), n: 2 })),
    ).toBeNull();
  });

  it('reveals who loaded for a bezrukáč and free texts under Other, and sends the payload of domain.md §2.3', async () => {
    const { user, api } = await renderAdd();
    expect(screen.queryByRole('radio', { name: 'LesProfi' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: t('transportations.types.bezrukaceTransport') }));
    expect(screen.queryByLabelText(t('transportations.fields.differentChoice'))).toBeNull();
    await user.click(screen.getByRole('radio', { name: t('transportations.choices.other') }));
    await fillIn(user, t('transportations.fields.differentChoice'), 'Harvestory Kadlec');

    await fillIn(user, t('transportations.fields.date'), '14.3.2026');
    await pickOption(user, t('transportations.fields.driver'), 'Josef Černý');
    await pickOption(user, t('transportations.fields.recipient'), 'Lesy Vysočina a.s.');
    await fillIn(user, rowLabel(cmrLabel, 1), 'CMR 1001');
    await fillIn(user, rowLabel(amountLabel, 1), '22,4');
    await user.click(
      screen.getAllByRole('button', { name: t('transportations.addRow', { n: 1 }) })[0] as HTMLElement,
    );
    await fillIn(user, rowLabel(cmrLabel, 2), 'CMR 1002');
    await fillIn(user, rowLabel(amountLabel, 2), '0');

    expect(screen.queryByLabelText(t('transportations.fields.subscriberText'))).toBeNull();
    await pickOption(user, t('transportations.fields.subscriber'), t('transportations.otherSubscriber'));
    await fillIn(user, t('transportations.fields.subscriberText'), 'Pila Kamenice nad Lipou');
    await pickOption(user, t('transportations.fields.sortiment'), 'Smrková kulatina');
    await fillIn(user, rowLabel(loadingLabel, 1), 'Radešín');
    await fillIn(user, rowLabel(unloadingLabel, 1), 'Lukavec');
    await user.click(
      screen.getAllByRole('button', { name: t('transportations.addRow', { n: 1 }) })[1] as HTMLElement,
    );
    await fillIn(user, rowLabel(loadingLabel, 2), 'Mrákotín');
    await pickOption(user, t('transportations.fields.spz'), t('transportations.otherPlate'));
    await fillIn(user, t('transportations.fields.spzText'), '5J1 2233');

    await user.click(screen.getByRole('button', { name: t('transportations.create') }));
    await waitFor(() => expect(api.sent('POST /api/transportation/add')).toHaveLength(1));
    expect(api.sent('POST /api/transportation/add')[0]?.body).toEqual({
      transportType: {
        transportType: 'bezrukaceTransport',
        choice: 'other',
        differentChoice: 'Harvestory Kadlec',
      },
      date: '2026-03-14',
      driver: 11,
      cmrOrWagon: [
        { cmrOrWagon: 'CMR 1001', amount: 22.4 },
        { cmrOrWagon: 'CMR 1002', amount: 0 },
      ],
      loadingUnloading: [
        { loading: 'Radešín', unloading: 'Lukavec' },
        { loading: 'Mrákotín', unloading: '' },
      ],
      spz: '5J1 2233',
      recipient: 1,
      subscriber: 'Pila Kamenice nad Lipou',
      sortiment: 6,
    });
    expect((await screen.findByTestId('location')).textContent).toBe('/transportations');
  });

  it('shows what the server refuses, with its code translated', async () => {
    const { user, api } = await renderAdd();
    api.on('POST /api/transportation/add', {
      status: 400,
      body: { error_code: 120, message: 'Unknown sortiment', fields: ['sortiment'] },
    });
    await fillIn(user, t('transportations.fields.date'), '14.3.2026');
    await pickOption(user, t('transportations.fields.subscriber'), 'Pila Brtnice s.r.o.');
    await pickOption(user, t('transportations.fields.spz'), '4J8 1207');
    await user.click(screen.getByRole('button', { name: t('transportations.create') }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.120'));
    expect(field(t('transportations.fields.sortiment')).getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('POST /api/transportation/add')[0]?.body).toMatchObject({
      transportType: { transportType: 'Standardní', choice: null, differentChoice: '' },
      driver: null,
      cmrOrWagon: [],
      loadingUnloading: [],
      subscriber: 3,
      spz: 8,
      recipient: null,
      sortiment: null,
    });
  });
});

describe('TransportationEditPage', () => {
  const renderEdit = (more = {}) =>
    renderWithApp(<TransportationEditPage />, {
      path: '/transportation/31/edit',
      route: '/transportation/:id/edit',
      fetch: transportationRoutes(['dispatcher'], {
        'GET /api/transportation/31': { body: { item: haul } },
        'PUT /api/transportation/31/edit': { body: { item: haul } },
        ...more,
      }),
    });

  it('prefills the form: the typed loader under Other, the Czech day, places paired and padded', async () => {
    const { user, api } = renderEdit();
    await screen.findByRole('heading', { name: t('transportations.editHeading', { id: 31 }) });
    expect(
      (screen.getByRole('radio', { name: t('transportations.types.bezrukaceTransport') }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(
      (screen.getByRole('radio', { name: t('transportations.choices.other') }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(field(t('transportations.fields.differentChoice')).value).toBe('Harvestory Kadlec');
    expect(field(t('transportations.fields.date')).value).toBe('14.3.2026');
    // The pickers show names once the reference data is there.
    await waitFor(() =>
      expect(field(t('transportations.fields.subscriber')).value).toBe('Pila Štoky s.r.o.'),
    );
    expect(field(t('transportations.fields.spz')).value).toBe('1J2 3456');
    await waitFor(() => expect(field(t('transportations.fields.driver')).value).toBe('Josef Černý'));
    expect(row(cmrLabel, 2).value).toBe('CMR 1002');
    expect(row(amountLabel, 2).value).toBe('');
    expect([1, 2, 3].map((n) => [row(loadingLabel, n).value, row(unloadingLabel, n).value])).toEqual([
      ['Radešín', 'Lukavec'],
      ['Mrákotín', ''],
      ['Brtnice', ''],
    ]);

    await user.click(screen.getByRole('button', { name: t('transportations.save') }));
    await waitFor(() => expect(api.sent('PUT /api/transportation/31/edit')).toHaveLength(1));
    expect(api.sent('PUT /api/transportation/31/edit')[0]?.body).toEqual({
      transportType: {
        transportType: 'bezrukaceTransport',
        choice: 'other',
        differentChoice: 'Harvestory Kadlec',
      },
      date: '2026-03-14',
      driver: 11,
      cmrOrWagon: [
        { cmrOrWagon: 'CMR 1001', amount: 22.4 },
        { cmrOrWagon: 'CMR 1002', amount: null },
      ],
      loadingUnloading: [
        { loading: 'Radešín', unloading: 'Lukavec' },
        { loading: 'Mrákotín', unloading: '' },
        { loading: 'Brtnice', unloading: '' },
      ],
      spz: 7,
      recipient: null,
      subscriber: 4,
      sortiment: null,
      version: 3,
    });
    expect((await screen.findByTestId('location')).textContent).toBe('/transportations');
  });

  it('offers to reload when someone saved the haul meanwhile (409)', async () => {
    const { user } = renderEdit({
      'PUT /api/transportation/31/edit': { status: 409, body: { error_code: 140, message: 'stale' } },
    });
    await screen.findByRole('heading', { name: t('transportations.editHeading', { id: 31 }) });
    await user.click(screen.getByRole('button', { name: t('transportations.save') }));
    expect((await screen.findByRole('alert')).textContent).toContain(t('errors.140'));
    expect(screen.getByRole('button', { name: t('common.reload') })).toBeTruthy();
  });

  it('is not offered to a driver, whom the server would refuse', async () => {
    renderWithApp(<TransportationEditPage />, {
      path: '/transportation/31/edit',
      route: '/transportation/:id/edit',
      fetch: transportationRoutes(['driver']),
    });
    expect(await screen.findByText(t('common.accessDenied'))).toBeTruthy();
  });
});
