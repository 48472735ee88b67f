import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { field, type MockAnswer, renderWithApp, t } from '../../test-utils';
import { SetPasswordPage } from './set-password-page';

const token = `${'a'.repeat(20) + 'B'.repeat(20)}_-0`;

function open(
  hash: string,
  answer: MockAnswer<'POST /api/auth/set_password'> = { body: { username: 'ridic' } },
) {
  window.location.hash = hash;
  return renderWithApp(<SetPasswordPage />, {
    path: '/set-password',
    fetch: { 'POST /api/auth/set_password': answer },
  });
}

afterEach(() => {
  window.location.hash = '';
});

describe('SetPasswordPage (decision 0089)', () => {
  it('sets the password typed twice with the link’s secret and offers the sign-in', async () => {
    const { user, api } = open(`#${token}`);
    await user.type(field(t('users.password.new')), 'moje-heslo-1');
    await user.type(field(t('users.password.repeat')), 'moje-heslo-2');
    await user.click(screen.getByRole('button', { name: t('users.password.set') }));
    expect(screen.getByText(t('users.password.mismatch'))).toBeTruthy();
    expect(api.sent('POST /api/auth/set_password')).toHaveLength(0);

    await user.clear(field(t('users.password.repeat')));
    await user.type(field(t('users.password.repeat')), 'moje-heslo-1');
    await user.click(screen.getByRole('button', { name: t('users.password.set') }));
    expect(await screen.findByText(t('login.setPassword.done', { username: 'ridic' }))).toBeTruthy();
    expect(api.sent('POST /api/auth/set_password')[0]?.body).toEqual({ token, password: 'moje-heslo-1' });
    await user.click(screen.getByRole('link', { name: t('login.setPassword.toLogin') }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it('a link that no longer works says so', async () => {
    const { user } = open(`#${token}`, { status: 400, body: { error_code: 206, message: 'invalid' } });
    await user.type(field(t('users.password.new')), 'moje-heslo-1');
    await user.type(field(t('users.password.repeat')), 'moje-heslo-1');
    await user.click(screen.getByRole('button', { name: t('users.password.set') }));
    expect(await screen.findByText(t('errors.206'))).toBeTruthy();
  });

  it('an incomplete link shows no form', async () => {
    open('#kus-odkazu');
    expect(screen.getByText(t('login.setPassword.missingToken'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: t('users.password.set') })).toBeNull();
  });
});
