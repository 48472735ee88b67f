import type { FunctionName } from '@letokruh/contracts/permissions';
import type { UserItem } from '@letokruh/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { field, type MockRoutes, makeProfile, renderWithApp, t } from '../../test-utils';
import { makeUser } from './test-data';
import { UserPage } from './user-page';

const driver = makeUser(7, ['driver'], { name: 'Petr Malý', first_name: 'Petr', last_name: 'Malý' });

function renderUser(item: UserItem, functions: FunctionName[] = ['owner'], fetch: MockRoutes = {}, me = 1) {
  return renderWithApp(<UserPage />, {
    path: `/user/${item.id}`,
    route: '/user/:id',
    fetch: {
      'GET /api/auth/user': { body: { user: makeProfile(functions, { id: me }) } },
      [`GET /api/user/${item.id}`]: { body: { item } },
      'GET /api/calendar_feeds/all': { body: { items: [] } },
      ...fetch,
    },
  });
}

const section = async () => within(await screen.findByRole('region', { name: t('users.password.heading') }));

describe('the password of another user (decision 0089)', () => {
  it('the owner sets one typed twice; a short or a differing one is not sent', async () => {
    const { user, api } = renderUser(driver, ['owner'], {
      'PUT /api/user/7/password': { body: { item: driver } },
    });
    const panel = await section();
    const submit = panel.getByRole('button', { name: t('users.password.set') });
    await user.type(field(t('users.password.new')), 'kratke');
    await user.click(submit);
    expect(panel.getByText(t('users.invalid.password', { min: 8 }))).toBeTruthy();
    await user.clear(field(t('users.password.new')));
    await user.type(field(t('users.password.new')), 'nove-heslo-1');
    await user.type(field(t('users.password.repeat')), 'nove-heslo-2');
    await user.click(submit);
    expect(panel.getByText(t('users.password.mismatch'))).toBeTruthy();
    expect(api.sent('PUT /api/user/7/password')).toHaveLength(0);

    await user.clear(field(t('users.password.repeat')));
    await user.type(field(t('users.password.repeat')), 'nove-heslo-1');
    await user.click(submit);
    await waitFor(() => expect(api.sent('PUT /api/user/7/password')).toHaveLength(1));
    expect(api.sent('PUT /api/user/7/password')[0]?.body).toEqual({ password: 'nove-heslo-1' });
    expect(await screen.findByText(t('users.password.setDone', { name: 'Petr Malý' }))).toBeTruthy();
    expect(field(t('users.password.new')).value).toBe('');
  });

  it('sends a link and says where it went and until when', async () => {
    const { user, api } = renderUser(driver, ['owner'], {
      'POST /api/user/7/password_link': {
        status: 201,
        body: { sent_to: 'user7@example.cz', expires_at: '2026-12-03T09:15:00.000Z' },
      },
    });
    const panel = await section();
    expect(
      panel.getByText(t('users.password.linkHint', { email: 'user7@example.cz', hours: 72 })),
    ).toBeTruthy();
    await user.click(panel.getByRole('button', { name: t('users.password.sendLink') }));
    const sent = await screen.findByTestId('password-link-sent');
    expect(sent.textContent).toBe(
      t('users.password.linkSent', { email: 'user7@example.cz', until: '3.12.2026 10:15' }),
    );
    expect(api.sent('POST /api/user/7/password_link')).toHaveLength(1);
  });

  it('without an e-mail the link cannot be sent', async () => {
    renderUser({ ...driver, email: '' });
    const panel = await section();
    expect(panel.getByRole('button', { name: t('users.password.sendLink') }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(panel.getByText(t('users.password.noEmail'))).toBeTruthy();
  });

  it('is the owner’s only, and not for oneself', async () => {
    renderUser(driver, ['dispatcher']);
    await screen.findByRole('heading', { name: 'Petr Malý' });
    expect(screen.queryByText(t('users.password.heading'))).toBeNull();
  });

  it('an owner’s own page has none (the profile changes one’s own)', async () => {
    renderUser(makeUser(1, ['owner'], { name: 'Jan Vlastník' }), ['owner'], {}, 1);
    await screen.findByRole('heading', { name: 'Jan Vlastník' });
    expect(screen.queryByText(t('users.password.heading'))).toBeNull();
  });
});
