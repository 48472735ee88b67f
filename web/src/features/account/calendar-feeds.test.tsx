import type { FeedSubject } from '@letokruh/contracts/calendar-feeds';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProfile, renderWithApp, t } from '../../test-utils';
import { AccountPage } from './account-page';

const token = `${'A'.repeat(40)}b_-`;
const driverFeed = (feed: FeedSubject['feed']): FeedSubject => ({
  kind: 'driver',
  subject_id: 7,
  subject_name: 'Jan Novák',
  feed,
});
const active = {
  id: 31,
  created_at: '2026-11-27T08:00:00.000Z',
  created_by: { id: 7, name: 'Jan Novák' },
  last_fetched_at: null,
};

describe('calendar feeds on the account page', () => {
  it('a driver makes a link and sees it once, with copy and webcal links', async () => {
    let items = [driverFeed(null)];
    const { user, api } = renderWithApp(<AccountPage />, {
      path: '/account',
      fetch: {
        'GET /api/auth/user': { body: { user: makeProfile(['driver']) } },
        'GET /api/calendar_feeds': () => ({ body: { items } }),
        'POST /api/calendar_feed/add': () => {
          items = [driverFeed(active)];
          const item = { ...driverFeed(null), feed: active };
          return { status: 201, body: { id: 31, item, path: `/api/feeds/${token}.ics` } };
        },
      },
    });
    const section = await screen.findByRole('region', {
      name: t('account.feeds.driver', { name: 'Jan Novák' }),
    });
    expect(within(section).getByText(t('account.feeds.none'))).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: t('account.feeds.create') }));
    expect(api.sent('POST /api/calendar_feed/add')[0]?.body).toEqual({ kind: 'driver', subject_id: 7 });
    const url = (await within(section).findByRole('textbox', {
      name: t('account.feeds.url'),
    })) as HTMLInputElement;
    expect(url.value).toBe(`${window.location.origin}/api/feeds/${token}.ics`);
    expect(url.readOnly).toBe(true);
    const webcal = within(section).getByRole('link', { name: t('account.feeds.subscribe') });
    expect(webcal.getAttribute('href')).toBe(`webcal://${window.location.host}/api/feeds/${token}.ics`);
    expect(within(section).getByRole('button', { name: t('account.feeds.copy') })).toBeTruthy();
    expect(await within(section).findByRole('button', { name: t('account.feeds.renew') })).toBeTruthy();
  });

  it('revoking asks first, then the link is gone', async () => {
    let items = [driverFeed(active)];
    const { user, api } = renderWithApp(<AccountPage />, {
      path: '/account',
      fetch: {
        'GET /api/auth/user': { body: { user: makeProfile(['driver']) } },
        'GET /api/calendar_feeds': () => ({ body: { items } }),
        'DELETE /api/calendar_feed/31/revoke': () => {
          const revoked = driverFeed(null);
          items = [revoked];
          return { body: { item: revoked } };
        },
      },
    });
    const section = await screen.findByRole('region', {
      name: t('account.feeds.driver', { name: 'Jan Novák' }),
    });
    expect(within(section).getByText(t('account.feeds.neverFetched'), { exact: false })).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: t('account.feeds.revoke') }));
    expect(api.sent('DELETE /api/calendar_feed/31/revoke')).toEqual([]);
    await user.click(await screen.findByRole('button', { name: t('account.feeds.revokeConfirm') }));
    expect(api.sent('DELETE /api/calendar_feed/31/revoke')).toHaveLength(1);
    expect(await within(section).findByText(t('account.feeds.none'))).toBeTruthy();
  });

  it('a user with no feed to manage sees no section and asks for none', async () => {
    const { api } = renderWithApp(<AccountPage />, {
      path: '/account',
      fetch: { 'GET /api/auth/user': { body: { user: makeProfile(['technical_specialist']) } } },
    });
    await screen.findByRole('heading', { name: t('account.heading') });
    expect(screen.queryByText(t('account.feeds.heading'))).toBeNull();
    expect(api.sent('GET /api/calendar_feeds')).toEqual([]);
  });
});
