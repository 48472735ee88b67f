import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { field, type MockRoutes, makeProfile, renderWithApp, t } from '../../test-utils';
import { makeUser } from './test-data';
import { UserAddPage } from './user-add-page';

function renderAdd(fetch: MockRoutes = {}) {
  return renderWithApp(<UserAddPage />, {
    path: '/user/add',
    fetch: { 'GET /api/auth/user': { body: { user: makeProfile(['owner'], { id: 1 }) } }, ...fetch },
  });
}

async function fillIn(user: ReturnType<typeof renderAdd>['user']) {
  await screen.findByRole('heading', { name: t('users.addHeading') });
  await user.type(field(t('users.fields.username')), 'mvesela');
  await user.type(field(t('users.fields.firstName')), 'Marie');
  await user.type(field(t('users.fields.lastName')), 'Veselá');
  await user.type(field(t('users.fields.email')), 'marie@example.cz');
  await user.click(screen.getByRole('checkbox', { name: t('functions.technical_specialist') }));
  await user.type(field(t('users.fields.maximumOrderCount')), '6');
  await user.type(field(t('users.fields.initialPassword')), 'prvni-heslo');
}

describe('UserAddPage', () => {
  it('sends the new user with the initial password and returns to the list', async () => {
    const created = makeUser(20, ['technical_specialist'], { name: 'Marie Veselá' });
    const { user, api } = renderAdd({ 'POST /api/user/add': { status: 201, body: { item: created } } });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: t('users.create') }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/users'));
    expect(await screen.findByText(t('users.added', { name: 'Marie Veselá' }))).toBeTruthy();
    expect(api.sent('POST /api/user/add')[0]?.body).toEqual({
      username: 'mvesela',
      first_name: 'Marie',
      last_name: 'Veselá',
      email: 'marie@example.cz',
      phone: '',
      functions: ['technical_specialist'],
      maximum_order_count: 6,
      password: 'prvni-heslo',
    });
  });

  it('an empty form marks the required fields and sends nothing', async () => {
    const { user, api } = renderAdd();
    await screen.findByRole('heading', { name: t('users.addHeading') });
    await user.type(field(t('users.fields.initialPassword')), 'short');
    await user.click(screen.getByRole('button', { name: t('users.create') }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('users.checkFields'));
    for (const key of ['username', 'first_name', 'last_name', 'functions']) {
      expect(screen.getByText(t(`users.invalid.${key}`)), key).toBeTruthy();
    }
    expect(screen.getByText(t('users.invalid.password', { min: 8 }))).toBeTruthy();
    expect(api.sent('POST /api/user/add')).toEqual([]);
  });

  it('a taken username (409 / 203) is shown at the username field', async () => {
    const { user } = renderAdd({
      'POST /api/user/add': {
        status: 409,
        body: { error_code: 203, message: 'taken', fields: ['username'] },
      },
    });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: t('users.create') }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.203'));
    expect(field(t('users.fields.username')).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('a user without add_user is told so', async () => {
    renderWithApp(<UserAddPage />, {
      path: '/user/add',
      fetch: { 'GET /api/auth/user': { body: { user: makeProfile(['dispatcher']) } } },
    });
    expect(await screen.findByText(t('common.accessDenied'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: t('users.create') })).toBeNull();
  });
});
