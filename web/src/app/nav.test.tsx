import { mayCall } from '@letokruh/contracts/access';
import type { Profile } from '@letokruh/contracts/auth';
import { defaultPermissionMatrix, type FunctionName, permissions } from '@letokruh/contracts/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProfile, renderWithApp, t, testConfig } from '../test-utils';
import { Layout } from './layout';
import { visibleNavItems } from './nav-items';

function renderLayout(profile: Profile, showNav = true) {
  return renderWithApp(
    <Layout showNav={showNav}>
      <p>obsah stránky</p>
    </Layout>,
    { path: '/orders', fetch: { 'GET /api/auth/user': { body: { user: profile } } } },
  );
}

/** The top navigation once the profile (the user's name in the corner) has arrived. */
async function topNav() {
  await screen.findByText('Jan Novák');
  return screen.getByRole('navigation', { name: t('nav.menu') });
}

const linkNames = (root: HTMLElement) =>
  within(root)
    .queryAllByRole('link')
    .map((a) => a.textContent);
const hrefOf = (root: HTMLElement, name: string) =>
  within(root).getByRole('link', { name }).getAttribute('href');

describe('Layout navigation', () => {
  it('a driver sees the calendar, their day, orders, transportations, customers and the vacations menu', async () => {
    const { user } = renderLayout(makeProfile(['driver']));
    const nav = await topNav();

    expect(linkNames(nav)).toEqual(['Kalendář', 'Můj den', 'Objednávky', 'Přepravy', 'Zákazníci']);
    expect(hrefOf(nav, 'Kalendář')).toBe('/dashboard');
    expect(hrefOf(nav, 'Přepravy')).toBe('/transportations');
    for (const hidden of ['Sklady', 'Produkty', 'Přehledy', 'Uživatelé', 'Kalkulace', 'Oprávnění']) {
      expect(within(nav).queryByRole('link', { name: hidden }), hidden).toBeNull();
    }
    // The current page is highlighted.
    expect(within(nav).getByRole('link', { name: 'Objednávky' }).getAttribute('aria-current')).toBe('page');

    // Dovolené opens a menu with only the drivers' vacations.
    const vacations = within(nav).getByRole('button', { name: 'Dovolené' });
    await user.hover(vacations);
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Řidiči']);
    expect(items[0]?.getAttribute('href')).toBe('/user-vacations');
    expect(screen.getByText('obsah stránky')).toBeTruthy();
  });

  it('an owner sees every area, the permissions screen and both vacation lists', async () => {
    const { user } = renderLayout(makeProfile(['owner']));
    const nav = await topNav();

    expect(linkNames(nav)).toEqual([
      'Kalendář',
      'Můj den',
      'Objednávky',
      'Přepravy',
      'Zákazníci',
      'Kalkulace',
      'Sklady',
      'Produkty',
      'Přehledy',
      'Uživatelé',
    ]);
    expect(hrefOf(nav, 'Sklady')).toBe('/warehouses');
    // The permissions screen sits in the avatar menu.
    await user.click(screen.getByRole('button', { name: new RegExp(t('nav.userMenu'), 'i') }));
    const admin = await screen.findByRole('menuitem', { name: 'Oprávnění' });
    expect(admin.getAttribute('href')).toBe('/permissions');
    const reference = await screen.findByRole('menuitem', { name: 'Číselníky', hidden: true });
    expect(reference.getAttribute('href')).toBe('/reference-data');
    await user.keyboard('{Escape}');

    await user.hover(within(nav).getByRole('button', { name: 'Dovolené' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => [i.textContent, i.getAttribute('href')])).toEqual([
      ['Sklady', '/warehouse-vacations'],
      ['Řidiči', '/user-vacations'],
    ]);
  });

  it('the phone menu, code of its own, and the user menu open with their items (decision 0104)', async () => {
    const { user } = renderLayout(makeProfile(['driver']));
    await topNav();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(screen.getByRole('button', { name: t('nav.menu') }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('link', { name: 'Můj den' }).getAttribute('href')).toBe('/driver');
    expect(within(drawer).getByRole('link', { name: t('nav.logout') })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: new RegExp(t('nav.userMenu'), 'i') }));
    expect(await screen.findByRole('menuitem', { name: t('nav.account') })).toBeTruthy();
  });

  it('the logout link and the user menu are always in sight', async () => {
    renderLayout(makeProfile(['driver']));
    await topNav();
    expect(screen.getByRole('link', { name: t('nav.logout') }).getAttribute('href')).toBe('/logout');
    expect(screen.getByRole('button', { name: new RegExp(t('nav.userMenu'), 'i') })).toBeTruthy();
  });

  it('the old-system link is in the user menu only when its address is configured', async () => {
    for (const address of ['', 'https://old.letokruh.example/']) {
      const { user, unmount, queryClient } = renderWithApp(
        <Layout showNav>
          <p>obsah stránky</p>
        </Layout>,
        {
          path: '/orders',
          fetch: {
            'GET /api/auth/user': { body: { user: makeProfile(['driver']) } },
            'GET /api/config': { body: { ...testConfig, old_system_url: address } },
          },
        },
      );
      await topNav();
      await waitFor(() => expect(queryClient.getQueryData(['config'])).toBeTruthy());
      await user.click(screen.getByRole('button', { name: new RegExp(t('nav.userMenu'), 'i') }));
      await screen.findByRole('menuitem', { name: t('nav.account') });
      if (address) expect((await screen.findByTestId('old-system-link')).getAttribute('href')).toBe(address);
      else expect(screen.queryByTestId('old-system-link')).toBeNull();
      unmount();
    }
  });

  it('pages without navigation show only their content', async () => {
    renderLayout(makeProfile(['owner']), false);
    expect(screen.getByText('obsah stránky')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('link', { name: t('nav.logout') })).toBeNull();
  });
});

describe('visibleNavItems', () => {
  const keysFor = (functions: FunctionName[]) => {
    const holder = { functions, permissions: new Set(functions.flatMap((f) => defaultPermissionMatrix[f])) };
    return visibleNavItems((route) => mayCall(route, holder)).map((i) => i.key);
  };

  it('gives a driver the calendar, their day, orders, transportations, customers and drivers’ vacations', () => {
    expect(keysFor(['driver'])).toEqual([
      'dashboard',
      'driverDay',
      'orders',
      'transportations',
      'customers',
      'userVacations',
    ]);
  });

  it('gives a warehouseman no transportations, users or overviews', () => {
    expect(keysFor(['warehouseman'])).toEqual([
      'dashboard',
      'orders',
      'customers',
      'calculations',
      'warehouseVacations',
      'userVacations',
      'warehouses',
      'products',
    ]);
  });

  it('gives a dispatcher everything but the permissions screen', () => {
    const keys = keysFor(['dispatcher']);
    expect(keys).toContain('users');
    expect(keys).toContain('overviews');
    expect(keys).not.toContain('permissions');
  });

  it('shows the permissions screen to the owner function only, not to every permission', () => {
    const everyPermission = { functions: [], permissions: new Set<string>(permissions) };
    expect(visibleNavItems((route) => mayCall(route, everyPermission)).map((i) => i.key)).not.toContain(
      'permissions',
    );
    expect(keysFor(['owner'])).toContain('permissions');
    expect(keysFor(['owner'])).toContain('referenceData');
    expect(keysFor(['dispatcher'])).not.toContain('referenceData');
    expect(keysFor(['owner'])).toContain('audit');
    expect(keysFor(['dispatcher'])).not.toContain('audit');
    // domain.md §2.12: bank payments for owners and those who collect revenue, no one else.
    expect(keysFor(['owner'])).toContain('bank');
    expect(keysFor(['dispatcher'])).toContain('bank');
    expect(keysFor(['technical_specialist'])).not.toContain('bank');
    // domain.md §2.14: the spreadsheet import is the owner's by default (import_data).
    expect(keysFor(['owner'])).toContain('spreadsheets');
    expect(keysFor(['dispatcher'])).not.toContain('spreadsheets');
    expect(keysFor(['owner'])).toHaveLength(17);
    expect(defaultPermissionMatrix.owner).toEqual(permissions);
  });

  it('without any permission leaves only the calendar', () => {
    expect(visibleNavItems(() => false).map((i) => i.key)).toEqual(['dashboard']);
  });
});
