import type { FunctionName } from '@letokruh/contracts/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeWarehouseSummary, ownWarehouses, suppliers } from '../../test-data';
import { field, type MockRoutes, makeProfile, renderWithApp, t } from '../../test-utils';
import { clearListStates } from '../../ui/list-state';
import { OrdersPage } from './orders-page';
import { makeCustomer, makeListItem, makeOrder } from './test-data';

const list = {
  items: [
    makeListItem(11),
    makeListItem(12, {
      hidden: true,
      customer: makeCustomer({
        id: 200,
        name: 'Josef Dvořák',
        organization_name: 'Truhlářství Dvořák',
        organization_id: '12345678',
        pre_phone: '+421',
        phone: '905111222',
        whole_phone: '+421905111222',
        address: { ...makeCustomer().address, full_address: 'Hlavní 5, 674 01 Třebíč' },
      }),
    }),
    makeListItem(13, { done: true, collected_revenue_at: '2026-12-05T10:00:00.000Z' }),
  ],
  total: 3,
  next_after: null,
};

function renderList(functions: FunctionName[] = ['dispatcher'], fetch: MockRoutes = {}) {
  return renderWithApp(<OrdersPage />, {
    path: '/orders',
    fetch: {
      'GET /api/auth/user': { body: { user: makeProfile(functions) } },
      'GET /api/orders': { body: list },
      'GET /api/warehouses/own': { body: ownWarehouses },
      'GET /api/adtypes': { body: { items: [{ id: 6, name: 'Seznam.cz', active: true }] } },
      'GET /api/suppliers': { body: suppliers },
      'GET /api/warehouses': { body: { items: [makeWarehouseSummary(1)], total: 1 } },
      ...fetch,
    },
  });
}

type Api = ReturnType<typeof renderList>['api'];
const lastSearch = (api: Api) =>
  Object.fromEntries(api.sent('GET /api/orders').at(-1)?.url.searchParams ?? []);
const rowOf = (number: number) =>
  screen.getByRole('link', { name: String(number) }).closest('tr') as HTMLElement;
const fieldIn = (container: HTMLElement, label: string) =>
  within(container).getByLabelText(label, {
    selector: 'input',
    normalizer: (text) => text.replace(/\s*\*\s*$/, '').trim(),
  });
/** The first render waits for the profile and the list; a loaded machine may take a while. */
const loaded = (number: string) => screen.findByRole('link', { name: number });
const named = (name: string) => ({ name, hidden: true });

beforeEach(() => {
  clearListStates();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }),
  );
});

describe('OrdersPage', () => {
  it('shows the columns of domain.md §1.2 with links to the detail and asks for the first page', async () => {
    const { api } = renderList();
    await loaded('2026000012');
    const row = rowOf(2026000012);
    expect(within(row).getByText('Josef Dvořák')).toBeTruthy();
    expect(within(row).getByText('Truhlářství Dvořák, IČO 12345678')).toBeTruthy();
    expect(within(row).getByText('+421 905 111 222')).toBeTruthy();
    expect(within(row).getByText('Hlavní 5, 674 01 Třebíč')).toBeTruthy();
    expect(within(row).getByText('12.12.2026')).toBeTruthy();
    expect(within(row).getByText(t('orders.stages.hidden'))).toBeTruthy();
    expect(within(rowOf(2026000013)).getByText(t('orders.paidBadge'))).toBeTruthy();
    expect(screen.getByRole('link', { name: '2026000011' }).getAttribute('href')).toBe('/order/11');
    expect(api.sent('GET /api/orders')[0]?.url.search).toBe('?current_page=1&per_page=10');
  });

  it('pages through current_page, keeps the page when opened again, and a filter goes back to page 1', async () => {
    const first = renderList(['dispatcher'], { 'GET /api/orders': { body: { ...list, total: 35 } } });
    await loaded('2026000011');
    await first.user.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(lastSearch(first.api)).toEqual({ current_page: '3', per_page: '10' }));
    first.unmount();

    const again = renderList(['dispatcher'], { 'GET /api/orders': { body: { ...list, total: 35 } } });
    await loaded('2026000011');
    expect(lastSearch(again.api)).toEqual({ current_page: '3', per_page: '10' });
    await again.user.type(field(t('orders.filters.name')), 'Dvo');
    await waitFor(() =>
      expect(lastSearch(again.api)).toEqual({ current_page: '1', per_page: '10', name: 'Dvo' }),
    );
  });

  it('sends the typed filters: name, number (digits only), phone and address', async () => {
    const { user, api } = renderList();
    await loaded('2026000011');
    await user.type(field(t('orders.filters.name')), 'dvoř');
    await user.type(field(t('orders.filters.internId')), '2026x12');
    await user.type(field(t('orders.filters.wholePhone')), '905');
    await user.type(field(t('orders.filters.fullAddress')), 'Třebíč');
    await waitFor(() =>
      expect(lastSearch(api)).toEqual({
        current_page: '1',
        per_page: '10',
        name: 'dvoř',
        internId: '202612',
        wholePhone: '905',
        fullAddress: 'Třebíč',
      }),
    );
  });

  it('sends the chosen filters: state, warehouse and ad type', async () => {
    const { user, api } = renderList();
    await loaded('2026000011');
    await user.click(field(t('orders.filters.state')));
    await user.click(await screen.findByRole('option', named(t('orders.states.not_collected'))));
    await user.click(field(t('orders.filters.warehouse')));
    await user.click(await screen.findByRole('option', named('Sklad Třebíč')));
    await user.click(field(t('orders.filters.adtype')));
    await user.click(await screen.findByRole('option', named('Seznam.cz')));
    await waitFor(() =>
      expect(lastSearch(api)).toEqual({
        current_page: '1',
        per_page: '10',
        state: 'not_collected',
        warehouse: '2',
        adtype: '6',
      }),
    );
  });

  it('keeps the filters when the list is opened again, and clears them with one button', async () => {
    const first = renderList();
    await loaded('2026000011');
    await first.user.type(field(t('orders.filters.wholePhone')), '905');
    await first.user.click(field(t('orders.filters.state')));
    await first.user.click(await screen.findByRole('option', named(t('orders.states.not_collected'))));
    await waitFor(() =>
      expect(lastSearch(first.api)).toMatchObject({ wholePhone: '905', state: 'not_collected' }),
    );
    first.unmount();

    const again = renderList();
    await loaded('2026000011');
    expect(field(t('orders.filters.wholePhone')).value).toBe('905');
    expect(field(t('orders.filters.state')).value).toBe(t('orders.states.not_collected'));
    expect(again.api.sent('GET /api/orders')[0]?.url.searchParams.get('wholePhone')).toBe('905');

    await again.user.click(screen.getByRole('button', { name: t('common.clearFilters') }));
    expect(field(t('orders.filters.wholePhone')).value).toBe('');
    expect(field(t('orders.filters.state')).value).toBe(t('orders.states.all'));
    await waitFor(() => expect(lastSearch(again.api)).toEqual({ current_page: '1', per_page: '10' }));
  });

  it('without add_order: no created-date or ad-type filter, no ad types loaded, no add button', async () => {
    const { api } = renderList(['warehouseman']);
    await loaded('2026000011');
    expect(screen.queryByLabelText(t('orders.filters.createdFrom'))).toBeNull();
    expect(screen.queryByLabelText(t('orders.filters.adtype'))).toBeNull();
    expect(screen.getByLabelText(t('orders.filters.expectedDeliveryDateTo'))).toBeTruthy();
    expect(api.sent('GET /api/adtypes')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: t('orders.add') })).toBeNull();
    expect(screen.queryByRole('button', { name: t('orders.documents.ordersPdfButton') })).toBeNull();
  });

  it('the delivery and created days are sent as days, the created one with add_order', async () => {
    const { user, api } = renderList(['technical_specialist']);
    await loaded('2026000011');
    await user.type(field(t('orders.filters.expectedDeliveryDateFrom')), '1.12.2026');
    await user.type(field(t('orders.filters.createdTo')), '31.12.2026');
    await waitFor(() =>
      expect(lastSearch(api)).toMatchObject({
        expectedDeliveryDateFrom: '2026-12-01',
        createdTo: '2026-12-31',
      }),
    );
  });

  it('row actions follow the state: edit and cancel for an open order, restore for a cancelled one', async () => {
    renderList();
    await loaded('2026000011');
    const open = rowOf(2026000011);
    expect(
      within(open)
        .getByRole('link', { name: t('orders.actions.editOf', { number: 2026000011 }) })
        .getAttribute('href'),
    ).toBe('/order/11/items');
    expect(
      within(open).getByRole('button', { name: t('orders.actions.cancelOf', { number: 2026000011 }) }),
    ).toBeTruthy();
    expect(
      within(open).queryByRole('button', { name: t('orders.actions.restoreOf', { number: 2026000011 }) }),
    ).toBeNull();
    const cancelled = rowOf(2026000012);
    expect(
      within(cancelled).queryByRole('link', { name: t('orders.actions.editOf', { number: 2026000012 }) }),
    ).toBeNull();
    expect(
      within(cancelled).queryByRole('button', { name: t('orders.actions.cancelOf', { number: 2026000012 }) }),
    ).toBeNull();
    expect(
      within(cancelled).getByRole('button', { name: t('orders.actions.restoreOf', { number: 2026000012 }) }),
    ).toBeTruthy();
    expect(
      within(cancelled).getByRole('button', { name: t('orders.actions.copyOf', { number: 2026000012 }) }),
    ).toBeTruthy();
  });

  it('a driver (view only) gets the detail link and nothing else: no edit, cancel, copy, checkboxes', async () => {
    renderList(['driver']);
    await loaded('2026000011');
    const row = rowOf(2026000011);
    expect(
      within(row)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/order/11', '/order/11']);
    expect(within(row).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Dodací listy/ })).toBeNull();
  });

  it('cancel asks first, then sends DELETE and reloads; a failed restore shows the text of its error code', async () => {
    const { user, api } = renderList(['dispatcher'], {
      'DELETE /api/order/11/delete': {
        body: { item: makeOrder({ id: 11, intern_id: 2026000011, hidden: true }) },
      },
      'PUT /api/order/12/restore': { status: 409, body: { error_code: 140, message: 'conflict' } },
    });
    await loaded('2026000011');
    await user.click(
      screen.getByRole('button', { name: t('orders.actions.cancelOf', { number: 2026000011 }) }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(t('orders.questions.cancel', { number: 2026000011 }))).toBeTruthy();
    expect(api.sent('DELETE /api/order/11/delete')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: t('orders.actions.cancel') }));
    await waitFor(() => expect(api.sent('DELETE /api/order/11/delete')).toHaveLength(1));
    await waitFor(() => expect(api.sent('GET /api/orders').length).toBeGreaterThan(1));

    await user.click(
      screen.getByRole('button', { name: t('orders.actions.restoreOf', { number: 2026000012 }) }),
    );
    const alert = (await screen.findByText(t('errors.140'))).closest('[role="alert"]');
    expect(alert).toBeTruthy();
  });

  it('the drafts filter: resume at the step where each stopped; discard asks, deletes and reloads', async () => {
    const drafts = {
      items: [
        makeListItem(21, { draft: true, customer: null, warehouse: null, currency: null }),
        makeListItem(22, { draft: true, warehouse: null, currency: null }),
        makeListItem(23, { draft: true }),
      ],
      total: 3,
      next_after: null,
    };
    const { user, api } = renderList(['dispatcher'], {
      'GET /api/orders': { body: drafts },
      'DELETE /api/order/22/discard': { body: { id: 22, intern_id: 2026000022 } },
    });
    await loaded('2026000021');
    await user.click(field(t('orders.filters.state')));
    await user.click(await screen.findByRole('option', named(t('orders.states.drafts'))));
    await waitFor(() => expect(lastSearch(api).state).toBe('drafts'));
    expect(screen.getByText(t('orders.drafts.hint'))).toBeTruthy();
    // No delivery notes of drafts: nothing to select.
    await waitFor(() => expect(screen.queryByRole('checkbox')).toBeNull());
    const resume = (number: number) =>
      within(rowOf(number))
        .getByRole('link', { name: t('orders.drafts.resumeOf', { number }) })
        .getAttribute('href');
    expect(resume(2026000021)).toBe('/order/21/customer');
    expect(resume(2026000022)).toBe('/order/22/items');
    expect(resume(2026000023)).toBe('/order/23/intern');
    const row = rowOf(2026000022);
    expect(within(row).getByText(t('orders.stages.draft'))).toBeTruthy();
    // A draft takes none of an order's actions.
    expect(
      within(row).queryByRole('button', { name: t('orders.actions.cancelOf', { number: 2026000022 }) }),
    ).toBeNull();
    expect(
      within(row).queryByRole('button', { name: t('orders.actions.copyOf', { number: 2026000022 }) }),
    ).toBeNull();
    await user.click(
      within(row).getByRole('button', { name: t('orders.drafts.discardOf', { number: 2026000022 }) }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(t('orders.drafts.discardQuestion', { number: 2026000022 }))).toBeTruthy();
    expect(api.sent('DELETE /api/order/22/discard')).toHaveLength(0);
    const before = api.sent('GET /api/orders').length;
    await user.click(within(dialog).getByRole('button', { name: t('orders.drafts.discard') }));
    await waitFor(() => expect(api.sent('DELETE /api/order/22/discard')).toHaveLength(1));
    await waitFor(() => expect(api.sent('GET /api/orders').length).toBeGreaterThan(before));
  });

  it('copy goes to the items step of the new order; add order to the customer step of the draft', async () => {
    const copied = renderList(['dispatcher'], { 'GET /api/order/11/copy': { body: { order_id: 300 } } });
    await loaded('2026000011');
    await copied.user.click(
      screen.getByRole('button', { name: t('orders.actions.copyOf', { number: 2026000011 }) }),
    );
    expect((await screen.findByTestId('location')).textContent).toBe('/order/300/items');
    copied.unmount();

    const added = renderList(['dispatcher'], { 'GET /api/order/add': { body: { id: 301 } } });
    await loaded('2026000011');
    await added.user.click(screen.getByRole('button', { name: t('orders.add') }));
    expect((await screen.findByTestId('location')).textContent).toBe('/order/301/customer');
  });

  it('selects rows (one or the whole page) and downloads their delivery notes for a supplier and language', async () => {
    const { user, api } = renderList(['dispatcher'], {
      'GET /api/download_multiple_delivery_notes': { body: '%PDF-1.7' },
    });
    await loaded('2026000011');
    const notes = () => screen.getByRole('button', { name: /^Dodací listy/ });
    await user.click(notes());
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: t('orders.documents.download') }));
    expect(within(dialog).getByRole('alert').textContent).toBe(t('orders.documents.noneSelected'));
    await user.click(within(dialog).getByRole('button', { name: t('common.cancel') }));

    await user.click(screen.getByRole('checkbox', { name: t('orders.selectPage') }));
    expect(notes().textContent).toBe(t('orders.documents.deliveryNotesButton', { count: 3 }));
    await user.click(screen.getByRole('checkbox', { name: t('orders.selectOrder', { number: 2026000012 }) }));
    expect(notes().textContent).toBe(t('orders.documents.deliveryNotesButton', { count: 2 }));
    expect(
      (screen.getByRole('checkbox', { name: t('orders.selectPage') }) as HTMLInputElement).indeterminate,
    ).toBe(true);

    await user.click(notes());
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: t('orders.documents.download') }));
    expect(within(dialog).getByRole('alert').textContent).toBe(t('orders.documents.selectSupplier'));
    expect(api.sent('GET /api/download_multiple_delivery_notes')).toHaveLength(0);
    await user.click(field(t('orders.documents.supplier')));
    await user.click(await screen.findByRole('option', named('Dřevo Vysočina a.s.')));
    await user.click(field(t('orders.documents.language')));
    await user.click(await screen.findByRole('option', named(t('orders.documents.languages.de'))));
    await user.click(within(dialog).getByRole('button', { name: t('orders.documents.download') }));
    await waitFor(() => expect(api.sent('GET /api/download_multiple_delivery_notes')).toHaveLength(1));
    const url = api.sent('GET /api/download_multiple_delivery_notes')[0]?.url as URL;
    expect(url.searchParams.getAll('orders')).toEqual(['11', '13']);
    expect(url.searchParams.get('supplier')).toBe('2');
    expect(url.searchParams.get('language')).toBe('de');
    expect(URL.createObjectURL).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Downloaded: the selection starts again.
    expect(notes().textContent).toBe(t('orders.documents.deliveryNotesButton', { count: 0 }));
  });

  it('the orders PDF needs a warehouse and a from date; the to date is optional', async () => {
    const { user, api } = renderList(['dispatcher'], {
      'GET /api/download-orders': { status: 400, body: { error_code: 120, message: 'bad' } },
    });
    await loaded('2026000011');
    await user.click(screen.getByRole('button', { name: t('orders.documents.ordersPdfButton') }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: t('orders.documents.download') }));
    expect(within(dialog).getByRole('alert').textContent).toBe(t('errors.missingFields'));
    expect(within(dialog).getAllByText(t('orders.documents.required'))).toHaveLength(2);
    const warehouse = fieldIn(dialog, t('orders.fields.warehouse'));
    await user.click(warehouse);
    // The list's own warehouse filter has the same options: pick from this field's listbox.
    const listbox = await waitFor(() => {
      const found = document.getElementById(warehouse.getAttribute('aria-controls') ?? '');
      if (!found) throw new Error('the warehouse listbox is not open');
      return found;
    });
    await user.click(within(listbox).getByRole('option', named('Sklad Jihlava')));
    await user.type(fieldIn(dialog, t('orders.documents.from')), '7.12.2026');
    await user.click(within(dialog).getByRole('button', { name: t('orders.documents.download') }));
    await waitFor(() => expect(api.sent('GET /api/download-orders')).toHaveLength(1));
    const url = api.sent('GET /api/download-orders')[0]?.url as URL;
    expect(Object.fromEntries(url.searchParams)).toEqual({ warehouse: '1', from: '2026-12-07' });
    // A failure is told, and the modal stays for another try.
    expect(await screen.findByText(t('errors.120'))).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('OrdersPage sorting and the address', () => {
  const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });

  it('sorts by a clicked header, turns it round on a second click, and keeps both in the URL', async () => {
    const { api, user, router } = renderList();
    await loaded('2026000011');
    expect(header(t('orders.fields.expectedDelivery')).getAttribute('aria-sort')).toBe('ascending');
    expect(header(t('orders.fields.customer')).getAttribute('aria-sort')).toBe('none');

    await user.click(within(header(t('orders.fields.customer'))).getByRole('button'));
    await waitFor(() =>
      expect(lastSearch(api)).toEqual({ current_page: '1', per_page: '10', sort: 'customer' }),
    );
    expect(router.state.location.search).toBe('?sort=customer');
    expect(header(t('orders.fields.customer')).getAttribute('aria-sort')).toBe('ascending');
    expect(header(t('orders.fields.expectedDelivery')).getAttribute('aria-sort')).toBe('none');

    await user.click(within(header(t('orders.fields.customer'))).getByRole('button'));
    await waitFor(() =>
      expect(lastSearch(api)).toEqual({
        current_page: '1',
        per_page: '10',
        sort: 'customer',
        direction: 'desc',
      }),
    );
    expect(router.state.location.search).toBe('?sort=customer&direction=desc');
    expect(header(t('orders.fields.customer')).getAttribute('aria-sort')).toBe('descending');

    // Creation starts newest first; the back button goes back to the sort before.
    await user.click(within(header(t('orders.fields.created'))).getByRole('button'));
    expect(router.state.location.search).toBe('?sort=created');
    await waitFor(() =>
      expect(lastSearch(api)).toEqual({ current_page: '1', per_page: '10', sort: 'created' }),
    );
    await router.navigate(-1);
    await waitFor(() =>
      expect(header(t('orders.fields.customer')).getAttribute('aria-sort')).toBe('descending'),
    );
  });

  it('shows each order total and sorts by it, largest first, then smallest first', async () => {
    const { api, user, router } = renderList();
    await loaded('2026000011');
    const totals = screen.getAllByRole('row').map((row) => within(row).queryByText(/4\s086,50\sKč/));
    expect(totals.filter(Boolean)).toHaveLength(3);
    const total = t('orders.fields.total');
    expect(header(total).getAttribute('aria-sort')).toBe('none');
    await user.click(within(header(total)).getByRole('button'));
    await waitFor(() =>
      expect(lastSearch(api)).toEqual({ current_page: '1', per_page: '10', sort: 'total' }),
    );
    expect(router.state.location.search).toBe('?sort=total');
    expect(header(total).getAttribute('aria-sort')).toBe('descending');
    await user.click(within(header(total)).getByRole('button'));
    await waitFor(() =>
      expect(lastSearch(api)).toEqual({ current_page: '1', per_page: '10', sort: 'total', direction: 'asc' }),
    );
    expect(router.state.location.search).toBe('?sort=total&direction=asc');
    expect(header(total).getAttribute('aria-sort')).toBe('ascending');
  });

  it('opens the list a shared address describes: filters, sort, page and page size', async () => {
    const { api } = renderWithApp(<OrdersPage />, {
      path: '/orders?name=Dvo&state=done&sort=created&direction=asc&page=3&per_page=20&bogus=1',
      fetch: {
        'GET /api/auth/user': { body: { user: makeProfile(['dispatcher']) } },
        'GET /api/orders': { body: { ...list, total: 135 } },
        'GET /api/warehouses/own': { body: { items: [] } },
        'GET /api/adtypes': { body: { items: [] } },
      },
    });
    await loaded('2026000011');
    expect(lastSearch(api)).toEqual({
      current_page: '3',
      per_page: '20',
      name: 'Dvo',
      state: 'done',
      sort: 'created',
      direction: 'asc',
    });
    expect(field(t('orders.filters.name')).value).toBe('Dvo');
    expect(header(t('orders.fields.created')).getAttribute('aria-sort')).toBe('ascending');
  });

  it('typing slower than the debounce loses no letter while the address catches up', async () => {
    const { api, user, router } = renderList();
    await loaded('2026000011');
    for (const letter of 'Dv') {
      await user.type(field(t('orders.filters.name')), letter);
      await new Promise((resolve) => setTimeout(resolve, 650));
    }
    expect(field(t('orders.filters.name')).value).toBe('Dv');
    await waitFor(() => expect(lastSearch(api)).toEqual({ current_page: '1', per_page: '10', name: 'Dv' }));
    expect(router.state.location.search).toBe('?name=Dv');
  });

  it('asks the next page after the last row of the page before (keyset), a jumped-to page by offset', async () => {
    const { api, user, router } = renderList(['dispatcher'], {
      'GET /api/orders': { body: { ...list, total: 95, next_after: 'tokenOfPage2' } },
    });
    await loaded('2026000011');
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() =>
      expect(lastSearch(api)).toEqual({ current_page: '2', per_page: '10', after: 'tokenOfPage2' }),
    );
    expect(router.state.location.search).toBe('?page=2');
    await user.click(screen.getByRole('button', { name: '7' }));
    await waitFor(() => expect(lastSearch(api)).toEqual({ current_page: '7', per_page: '10' }));
  });
});
