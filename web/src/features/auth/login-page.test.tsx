import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { field, type MockRoutes, makeProfile, renderWithApp, t } from '../../test-utils';
import { LoginPage, safeTarget } from './login-page';

const noSession: MockRoutes = {
  'GET /api/auth/user': { status: 401, body: { error_code: 112, message: 'not logged in' } },
};

function renderLogin(path = '/', fetch: MockRoutes = {}) {
  return renderWithApp(<LoginPage />, { path, route: '/', fetch: { ...noSession, ...fetch } });
}

const usernameInput = () => field(t('login.username'));
const passwordInput = () => field(t('login.password'));
const submitButton = () => screen.getByRole('button', { name: t('login.submit') }) as HTMLButtonElement;

describe('LoginPage', () => {
  it('the submit button is enabled only with both fields filled', async () => {
    const { user } = renderLogin();
    expect(submitButton().disabled).toBe(true);
    await user.type(usernameInput(), 'jnovak');
    expect(submitButton().disabled).toBe(true);
    await user.type(passwordInput(), 'heslo');
    expect(submitButton().disabled).toBe(false);
  });

  it('wrong credentials (400, error 100) show the alert and mark both fields invalid', async () => {
    const { user, api } = renderLogin('/', {
      'POST /api/auth/login': { status: 400, body: { error_code: 100, message: 'invalid credentials' } },
    });
    await user.type(usernameInput(), 'jnovak');
    await user.type(passwordInput(), 'spatne');
    await user.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(t('login.invalid'));
    expect(t('login.invalid')).toBe('Nesprávné uživatelské jméno nebo heslo.');
    for (const input of [usernameInput(), passwordInput()]) {
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.validationMessage).toBe(t('login.invalid'));
      expect(input.validity.customError).toBe(true);
    }
    expect(api.sent('POST /api/auth/login')[0]?.body).toEqual({ username: 'jnovak', password: 'spatne' });
    // Still on the login page.
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('typing after the error clears the alert and the invalid marks', async () => {
    const { user } = renderLogin('/', {
      'POST /api/auth/login': { status: 400, body: { error_code: 100, message: 'invalid credentials' } },
    });
    await user.type(usernameInput(), 'jnovak');
    await user.type(passwordInput(), 'spatne');
    await user.click(submitButton());
    await screen.findByRole('alert');

    await user.type(passwordInput(), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
    for (const input of [usernameInput(), passwordInput()]) {
      expect(input.getAttribute('aria-invalid')).not.toBe('true');
      expect(input.validationMessage).toBe('');
    }
  });

  it('another failure shows its catalogue text without marking the fields', async () => {
    const { user } = renderLogin('/', {
      'POST /api/auth/login': { status: 429, body: { error_code: 103, message: 'too many' } },
    });
    await user.type(usernameInput(), 'jnovak');
    await user.type(passwordInput(), 'heslo');
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.103'));
    expect(usernameInput().getAttribute('aria-invalid')).not.toBe('true');
    expect(usernameInput().validationMessage).toBe('');
  });

  it('success goes to the address in the path parameter', async () => {
    const { user, api } = renderLogin(`/?path=${encodeURIComponent('/orders?page=2')}`, {
      'POST /api/auth/login': { body: { user: makeProfile() } },
    });
    await user.type(usernameInput(), 'jnovak');
    await user.type(passwordInput(), 'heslo');
    await user.click(submitButton());
    expect((await screen.findByTestId('location')).textContent).toBe('/orders?page=2');
    expect(api.sent('POST /api/auth/login')).toHaveLength(1);
  });

  it.each(['//evil.example/x', 'https://x', 'javascript:alert(1)', '/\\evil.example'])(
    'success with path=%s goes to the dashboard instead',
    async (target) => {
      const { user } = renderLogin(`/?path=${encodeURIComponent(target)}`, {
        'POST /api/auth/login': { body: { user: makeProfile() } },
      });
      await user.type(usernameInput(), 'jnovak');
      await user.type(passwordInput(), 'heslo');
      await user.click(submitButton());
      expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
    },
  );

  it('an existing session skips the form and goes to the wanted page', async () => {
    renderWithApp(<LoginPage />, {
      path: '/?path=%2Faccount',
      route: '/',
      fetch: { 'GET /api/auth/user': { body: { user: makeProfile() } } },
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/account'));
  });

  it('a session that answers after the 20 checks still skips the form (a slow phone)', async () => {
    // The checks' own timer, told apart from any other by its 100 ms step; the last one started
    // (StrictMode mounts the page twice).
    const started = vi.spyOn(window, 'setInterval');
    const stopped = vi.spyOn(window, 'clearInterval');
    let answer = () => {};
    const late = new Promise<void>((resolve) => {
      answer = resolve;
    });
    renderWithApp(<LoginPage />, {
      path: '/',
      route: '/',
      fetch: {
        'GET /api/auth/user': async () => {
          await late;
          return { body: { user: makeProfile(['driver']) } };
        },
      },
    });
    const checks = () => started.mock.results.filter((_, i) => started.mock.calls[i]?.[1] === 100);
    await waitFor(() => expect(checks().length).toBeGreaterThan(0));
    const timer = checks().at(-1)?.value;
    await waitFor(() => expect(stopped).toHaveBeenCalledWith(timer), { timeout: 10_000 });
    expect(screen.queryByTestId('location')).toBeNull();
    answer();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/driver'));
  });
});

describe('safeTarget', () => {
  it('keeps in-app paths', () => {
    expect(safeTarget('/orders')).toBe('/orders');
    expect(safeTarget('/order/5/items?tab=2')).toBe('/order/5/items?tab=2');
  });

  it.each([
    ['//evil', '/dashboard'],
    ['//evil.example/path', '/dashboard'],
    ['https://x', '/dashboard'],
    ['http://evil.example/', '/dashboard'],
    // Browsers read a backslash as a slash and drop tabs and newlines: both are other hosts.
    ['/\\evil.example', '/dashboard'],
    ['/\t/evil.example', '/dashboard'],
    ['/\n/evil.example', '/dashboard'],
    ['/\\[', '/dashboard'],
    ['javascript:alert(1)', '/dashboard'],
    ['orders', '/dashboard'],
    ['/', '/dashboard'],
    ['', '/dashboard'],
  ])('refuses %j and falls back to %s', (path, expected) => {
    expect(safeTarget(path)).toBe(expected);
  });

  it('falls back to the dashboard without a path', () => {
    expect(safeTarget(null)).toBe('/dashboard');
  });
});
