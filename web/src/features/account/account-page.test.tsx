import type { Profile } from '@letokruh/contracts/auth';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { field, type MockRoutes, makeProfile, renderWithApp, t } from '../../test-utils';
import { AccountPage } from './account-page';

function renderAccount(profile: Profile, fetch: MockRoutes = {}) {
  return renderWithApp(<AccountPage />, {
    path: '/account',
    // A hidden file input: user-event would otherwise drop files that do not match `accept`.
    user: { applyAccept: false },
    fetch: {
      'GET /api/auth/user': { body: { user: profile } },
      'GET /api/calendar_feeds': { body: { items: [] } },
      ...fetch,
    },
  });
}

/** The value shown under a label in view mode. */
function shown(label: string): string | null {
  const labelEl = screen.getByText(label, { selector: 'p' });
  return labelEl.nextElementSibling?.textContent ?? null;
}

async function startEditing(user: ReturnType<typeof renderAccount>['user']) {
  await user.click(await screen.findByRole('button', { name: t('account.edit') }));
  return screen.getByRole('button', { name: t('account.save') });
}

const unsafeRequests = (requests: { method: string }[]) => requests.filter((r) => r.method !== 'GET');

describe('AccountPage', () => {
  it('view mode shows the profile fields and functions', async () => {
    renderAccount(makeProfile(['dispatcher', 'driver'], { phone: '' }));
    expect(await screen.findByRole('heading', { name: t('account.heading') })).toBeTruthy();
    expect(shown(t('account.username'))).toBe('jnovak');
    expect(shown(t('account.name'))).toBe('Jan Novák');
    expect(shown(t('account.firstName'))).toBe('Jan');
    expect(shown(t('account.lastName'))).toBe('Novák');
    expect(shown(t('account.email'))).toBe('jan.novak@example.cz');
    // An empty value reads as the "no value" mark.
    expect(shown(t('account.phone'))).toBe(t('common.noValue'));
    expect(screen.getByText('Dispečer')).toBeTruthy();
    expect(screen.getByText('Řidič')).toBeTruthy();
    // View mode has no inputs apart from the avatar picker.
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('a technician sees the maximum order count', async () => {
    renderAccount(makeProfile(['technical_specialist'], { maximum_order_count: 1500 }));
    await screen.findByRole('heading', { name: t('account.heading') });
    expect(shown(t('account.maximumOrderCount'))?.replace(/\s/g, ' ')).toBe('1 500');
  });

  it.each([['dispatcher'], ['owner'], ['driver'], ['warehouseman']] as const)(
    'a %s does not see the maximum order count',
    async (fn) => {
      renderAccount(makeProfile([fn], { maximum_order_count: 1500 }));
      await screen.findByRole('heading', { name: t('account.heading') });
      expect(screen.getByText(t('account.email'))).toBeTruthy();
      expect(screen.queryByText(t('account.maximumOrderCount'))).toBeNull();
    },
  );

  it('edit then cancel discards the draft', async () => {
    const { user, api } = renderAccount(makeProfile(['dispatcher']));
    await startEditing(user);
    const firstName = field(t('account.firstName'));
    expect(firstName.value).toBe('Jan');
    await user.clear(firstName);
    await user.type(firstName, 'Petr');
    await user.type(field(t('account.oldPassword')), 'heslo');
    await user.click(screen.getByRole('button', { name: t('account.cancel') }));

    expect(shown(t('account.firstName'))).toBe('Jan');
    expect(screen.queryByDisplayValue('Petr')).toBeNull();
    await startEditing(user);
    expect(field(t('account.firstName')).value).toBe('Jan');
    expect(field(t('account.oldPassword')).value).toBe('');
    expect(unsafeRequests(api.requests)).toEqual([]);
  });

  it('saving without the current password shows error 102 and sends nothing', async () => {
    const { user, api } = renderAccount(makeProfile(['dispatcher']));
    const save = await startEditing(user);
    await user.type(field(t('account.phone')), '1');
    await user.click(save);
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.102'));
    expect(t('errors.102')).toBe('Chybí heslo.');
    expect(unsafeRequests(api.requests)).toEqual([]);
    // Still editing.
    expect(field(t('account.oldPassword'))).toBeTruthy();
  });

  it('different new passwords show the mismatch message and send nothing', async () => {
    const { user, api } = renderAccount(makeProfile(['dispatcher']));
    const save = await startEditing(user);
    await user.type(field(t('account.oldPassword')), 'stare');
    await user.type(field(t('account.newPassword')), 'nove-heslo');
    await user.type(field(t('account.newPasswordRepeat')), 'nove-hesla');
    await user.click(save);
    expect((await screen.findByRole('alert')).textContent).toBe(t('account.passwordMismatch'));
    expect(unsafeRequests(api.requests)).toEqual([]);
  });

  it('a valid edit is sent with the current password and the page returns to view mode', async () => {
    const profile = makeProfile(['dispatcher']);
    const { user, api } = renderAccount(profile, {
      'PUT /api/auth/user': { body: { user: { ...profile, first_name: 'Petr', name: 'Petr Novák' } } },
    });
    const save = await startEditing(user);
    const firstName = field(t('account.firstName'));
    await user.clear(firstName);
    await user.type(firstName, 'Petr');
    await user.type(field(t('account.oldPassword')), 'stare');
    await user.type(field(t('account.newPassword')), 'nove-heslo');
    await user.type(field(t('account.newPasswordRepeat')), 'nove-heslo');
    await user.click(save);

    expect(await screen.findByText(t('account.saved'))).toBeTruthy();
    expect(shown(t('account.firstName'))).toBe('Petr');
    const [put] = api.sent('PUT /api/auth/user');
    expect(put?.body).toEqual({
      first_name: 'Petr',
      last_name: 'Novák',
      email: 'jan.novak@example.cz',
      phone: '+420 777 123 456',
      old_password: 'stare',
      new_password: 'nove-heslo',
    });
  });

  it('a wrong current password (101) is shown and editing goes on', async () => {
    const { user } = renderAccount(makeProfile(['dispatcher']), {
      'PUT /api/auth/user': { status: 400, body: { error_code: 101, message: 'wrong password' } },
    });
    const save = await startEditing(user);
    await user.type(field(t('account.oldPassword')), 'spatne');
    await user.click(save);
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.101'));
    expect(field(t('account.oldPassword')).value).toBe('spatne');
  });

  it('a non-image file for the avatar shows account.avatarNotImage and sends nothing', async () => {
    const { user, api, container } = renderAccount(makeProfile(['dispatcher']));
    await screen.findByRole('button', { name: t('account.uploadAvatar') });
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF-1.4'], 'smlouva.pdf', { type: 'application/pdf' }));

    expect((await screen.findByRole('alert')).textContent).toBe(t('account.avatarNotImage'));
    expect(unsafeRequests(api.requests)).toEqual([]);
  });

  it('an image file is uploaded and confirmed', async () => {
    const profile = makeProfile(['dispatcher']);
    const { user, api, container } = renderAccount(profile, {
      'POST /api/auth/avatar': { body: { user: { ...profile, avatar: true } } },
    });
    await screen.findByRole('button', { name: t('account.uploadAvatar') });
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'ja.png', { type: 'image/png' });
    await user.upload(input, png);

    expect(await screen.findByText(t('account.avatarSaved'))).toBeTruthy();
    const [post] = api.sent('POST /api/auth/avatar');
    expect(post).toBeDefined();
    expect((post!.body as FormData).get('avatar')).toBeInstanceOf(File);
    expect(screen.queryByText(t('account.avatarNotImage'))).toBeNull();
    const avatar = screen.getByRole('img', { name: t('account.avatar') });
    expect(avatar.getAttribute('src')).toMatch(/^\/api\/auth\/avatar\?u=7&v=\d+$/);
  });
});
