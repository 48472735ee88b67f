import { ErrorCode } from '@letokruh/contracts/errors';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api-client';
import { profileRefreshMs, useProfile, userQueryKey } from '../lib/session';
import { makeProfile, renderWithApp, t } from '../test-utils';
import { AuthEvents } from './auth-events';
import { RouteGuard } from './route-guard';

const noSession = {
  status: 401 as const,
  body: { error_code: ErrorCode.notLoggedIn, message: 'not logged in' },
};
const profile = makeProfile(['driver']);
const location = () => screen.getByTestId('location').textContent;

/** A page that calls `path` once, as any page's query would. */
function Caller({ path }: { path: string }) {
  return (
    <>
      <AuthEvents />
      <button type="button" onClick={() => void api('GET', path).catch(() => undefined)}>
        call
      </button>
    </>
  );
}

afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('route guard (domain.md §1.2)', () => {
  it('without a session leads to login carrying the wanted path and its query', async () => {
    renderWithApp(
      <RouteGuard>
        <p>secret</p>
      </RouteGuard>,
      { path: '/orders?state=done', route: '/orders', fetch: { 'GET /api/auth/user': noSession } },
    );
    await waitFor(() => expect(location()).toBe(`/?path=${encodeURIComponent('/orders?state=done')}`));
    expect(screen.queryByText('secret')).toBeNull();
  });

  it('lets a signed-in user in, and holds one who must change the password to /account', async () => {
    const { unmount } = renderWithApp(
      <RouteGuard>
        <p>secret</p>
      </RouteGuard>,
      { path: '/orders', fetch: { 'GET /api/auth/user': { body: { user: profile } } } },
    );
    expect(await screen.findByText('secret')).toBeTruthy();
    unmount();
    renderWithApp(
      <RouteGuard>
        <p>secret</p>
      </RouteGuard>,
      {
        path: '/orders',
        fetch: { 'GET /api/auth/user': { body: { user: { ...profile, must_change_password: true } } } },
      },
    );
    await waitFor(() => expect(location()).toBe('/account'));
  });
});

describe('401 and 403 on any call (decision 0002, "403 in the web app")', () => {
  it('a 401 clears the user and goes to login with the wanted path', async () => {
    window.history.replaceState(null, '', '/customers?page=2');
    const { user, queryClient } = renderWithApp(<Caller path="/customers" />, {
      path: '/customers',
      fetch: { 'GET /api/customers': noSession },
    });
    queryClient.setQueryData(userQueryKey, profile);
    await user.click(screen.getByRole('button', { name: 'call' }));
    await waitFor(() => expect(location()).toBe(`/?path=${encodeURIComponent('/customers?page=2')}`));
    expect(queryClient.getQueryData(userQueryKey)).toBeNull();
  });

  it('a 403 (110) with a valid session shows access denied and keeps the user where they are', async () => {
    window.history.replaceState(null, '', '/users');
    const { user, queryClient } = renderWithApp(<Caller path="/users" />, {
      path: '/users',
      fetch: {
        'GET /api/users': { status: 403, body: { error_code: ErrorCode.accessDenied, message: 'no' } },
      },
    });
    queryClient.setQueryData(userQueryKey, profile);
    await user.click(screen.getByRole('button', { name: 'call' }));
    expect(await screen.findByText(t('common.accessDenied'))).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
    expect(queryClient.getQueryData(userQueryKey)).toEqual(profile);
  });

  it('a 403 asking for a new password (104) leads to the profile', async () => {
    window.history.replaceState(null, '', '/orders');
    const { user } = renderWithApp(<Caller path="/orders" />, {
      path: '/orders',
      fetch: {
        'GET /api/orders': {
          status: 403,
          body: { error_code: ErrorCode.passwordChangeRequired, message: 'x' },
        },
        'GET /api/auth/user': { body: { user: { ...profile, must_change_password: true } } },
      },
    });
    await user.click(screen.getByRole('button', { name: 'call' }));
    await waitFor(() => expect(location()).toBe('/account'));
    expect(screen.queryByText(t('common.accessDenied'))).toBeNull();
  });
});

function ProfileName() {
  const { data } = useProfile();
  return <p>{data?.name ?? '-'}</p>;
}

describe('profile refresh (domain.md §1.4)', () => {
  it.each([
    ['/dashboard', 2],
    ['/', 1],
  ])('on %s the profile is fetched %i time(s) in 30 s', async (path, times) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api: mock } = renderWithApp(<ProfileName />, {
      path,
      fetch: { 'GET /api/auth/user': { body: { user: profile } } },
    });
    expect(await screen.findByText(profile.name)).toBeTruthy();
    expect(mock.sent('GET /api/auth/user')).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(profileRefreshMs + 100);
    });
    await waitFor(() => expect(mock.sent('GET /api/auth/user')).toHaveLength(times));
  });
});
