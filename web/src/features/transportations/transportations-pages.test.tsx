import type { TransportationSummary } from '@letokruh/contracts/transportations';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProfile, renderWithApp, t } from '../../test-utils';
import { haul, transportationRoutes } from './test-data';
import { TransportationDetailPage } from './transportation-detail-page';
import { TransportationsPage } from './transportations-page';

const summary = (id: number, overrides: Partial<TransportationSummary> = {}): TransportationSummary => ({
  id,
  date: '14.3.2026',
  load_type: { name: 'Standardní', choice: null },
  driver: null,
  license_plate: { id: 7, name: '1J2 3456' },
  recipient: { id: 1, name: 'Lesy Vysočina a.s.' },
  subscriber: { id: 4, name: 'Pila Štoky s.r.o.' },
  wood_type: null,
  ...overrides,
});

describe('TransportationsPage', () => {
  it('lists id, date, recipient (or a dash), subscriber and the detail link, paged', async () => {
    const { user, api } = renderWithApp(<TransportationsPage />, {
      path: '/transportations',
      fetch: transportationRoutes(['driver'], {
        'GET /api/transportations': (request) => ({
          body: {
            items:
              request.url.searchParams.get('current_page') === '2'
                ? [summary(19, { date: '2.1.2026' })]
                : [summary(31), summary(30, { date: '13.3.2026', recipient: null })],
            total: 12,
          },
        }),
      }),
    });
    const first = (await screen.findByRole('link', { name: '31' })).closest('tr') as HTMLElement;
    expect(within(first).getByText('14.3.2026')).toBeTruthy();
    expect(within(first).getByText('Lesy Vysočina a.s.')).toBeTruthy();
    expect(within(first).getByText('Pila Štoky s.r.o.')).toBeTruthy();
    expect(
      within(first)
        .getByRole('link', { name: t('transportations.detailOf', { id: 31 }) })
        .getAttribute('href'),
    ).toBe('/transportation/31');
    const second = screen.getByRole('link', { name: '30' }).closest('tr') as HTMLElement;
    expect(within(second).getByText(t('common.noValue'))).toBeTruthy();
    // A driver adds hauls (domain.md §2.2: the add link needs add_transportation).
    expect(screen.getByRole('link', { name: t('transportations.add') }).getAttribute('href')).toBe(
      '/transportation/add',
    );
    expect(api.sent('GET /api/transportations')[0]?.url.search).toBe('?current_page=1&per_page=10');
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByRole('link', { name: '19' })).toBeTruthy();
  });

  it('has no add link without add_transportation', async () => {
    renderWithApp(<TransportationsPage />, {
      path: '/transportations',
      fetch: {
        'GET /api/auth/user': {
          body: { user: makeProfile(['driver'], { permissions: ['view_transportation'] }) },
        },
        'GET /api/transportations': { body: { items: [summary(31)], total: 1 } },
      },
    });
    await screen.findByRole('link', { name: '31' });
    expect(screen.queryByRole('link', { name: t('transportations.add') })).toBeNull();
  });
});

describe('TransportationDetailPage', () => {
  const renderDetail = (functions: ('dispatcher' | 'driver')[], more = {}) =>
    renderWithApp(<TransportationDetailPage />, {
      path: '/transportation/31',
      route: '/transportation/:id',
      fetch: transportationRoutes(functions, {
        'GET /api/transportation/31': { body: { item: haul } },
        ...more,
      }),
    });
  const value = (label: string) =>
    screen
      .getAllByRole('row')
      .find((r) => r.querySelector('th')?.textContent === label)
      ?.querySelector('td')?.textContent;

  it('shows the definition list with dashes for empty values; a dispatcher edits and deletes', async () => {
    const { user, api } = renderDetail(['dispatcher'], {
      'DELETE /api/transportation/31/delete': { body: { ok: true } },
    });
    expect(
      await screen.findByRole('heading', { name: t('transportations.detailHeading', { id: 31 }) }),
    ).toBeTruthy();
    expect(value(t('transportations.fields.date'))).toBe('14.3.2026');
    expect(value(t('transportations.fields.transportType'))).toBe(
      t('transportations.types.bezrukaceTransport'),
    );
    expect(value(t('transportations.fields.choice'))).toBe('Harvestory Kadlec');
    expect(value(t('transportations.fields.driver'))).toBe('Josef Černý');
    expect(value(t('transportations.cmrHeading'))).toBe(
      `${t('transportations.cmrLine', { number: 'CMR 1001', amount: '22,4' })}${t('transportations.cmrLine', { number: 'CMR 1002', amount: t('common.noValue') })}`,
    );
    expect(value(t('transportations.loadingPlaces'))).toBe('RadešínMrákotínBrtnice');
    expect(value(t('transportations.unloadingPlaces'))).toBe('Lukavec');
    expect(value(t('transportations.fields.recipient'))).toBe(t('common.noValue'));
    expect(value(t('transportations.fields.sortiment'))).toBe(t('common.noValue'));
    expect(value(t('transportations.fields.subscriber'))).toBe('Pila Štoky s.r.o.');
    expect(screen.getByRole('link', { name: t('common.edit') }).getAttribute('href')).toBe(
      '/transportation/31/edit',
    );
    expect(screen.getByRole('heading', { name: t('files.heading') })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: t('common.delete') }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: t('common.delete') }),
    );
    await waitFor(() => expect(api.sent('DELETE /api/transportation/31/delete')).toHaveLength(1));
    expect((await screen.findByTestId('location')).textContent).toBe('/transportations');
  });

  it('gives a driver no edit or delete, but the files upload for the delivery note', async () => {
    renderDetail(['driver']);
    await screen.findByRole('heading', { name: t('transportations.detailHeading', { id: 31 }) });
    expect(screen.queryByRole('link', { name: t('common.edit') })).toBeNull();
    expect(screen.queryByRole('button', { name: t('common.delete') })).toBeNull();
    expect(screen.getByRole('button', { name: t('files.upload') })).toBeTruthy();
  });

  it('offers a driver the delete of the files they uploaded only (the server refuses the rest)', async () => {
    const file = (id: number, uploader: number, title: string) => ({
      id,
      name: `${title}.pdf`,
      title,
      file_type: 'Dodací list',
      content_type: 'application/pdf',
      size: 1024,
      uploaded_by: { id: uploader, first_name: 'X', last_name: 'Y' },
      created: '2026-03-14T09:15:00.000Z',
    });
    // makeProfile's user is id 7.
    renderDetail(['driver'], {
      'GET /api/transportation/31': {
        body: { item: { ...haul, files: [file(1, 7, 'Můj'), file(2, 3, 'Cizí')] } },
      },
    });
    expect(await screen.findByRole('button', { name: t('files.deleteOf', { title: 'Můj' }) })).toBeTruthy();
    expect(screen.queryByRole('button', { name: t('files.deleteOf', { title: 'Cizí' }) })).toBeNull();
    expect(screen.getByRole('link', { name: t('files.downloadOf', { title: 'Cizí' }) })).toBeTruthy();
  });

  it('goes back to the list for an unknown haul', async () => {
    renderWithApp(<TransportationDetailPage />, {
      path: '/transportation/99',
      route: '/transportation/:id',
      fetch: transportationRoutes(['driver'], {
        'GET /api/transportation/99': { status: 404, body: { error_code: 130, message: 'not found' } },
      }),
    });
    expect((await screen.findByTestId('location')).textContent).toBe('/transportations');
  });
});
