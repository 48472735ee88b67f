import { defaultPermissionMatrix, functionNames, permissions } from '@letokruh/contracts/permissions';
import type { PermissionMatrix } from '@letokruh/contracts/users';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type MockRoutes, makeProfile, renderWithApp, t } from '../../test-utils';
import { PermissionsPage } from './permissions-page';

const matrix: PermissionMatrix = {
  functions: functionNames.map((name, i) => ({
    id: i + 1,
    name,
    permissions: [...defaultPermissionMatrix[name]],
  })),
  permissions: [...permissions],
};

function renderMatrix(fetch: MockRoutes = {}) {
  return renderWithApp(<PermissionsPage />, {
    path: '/permissions',
    fetch: {
      'GET /api/auth/user': { body: { user: makeProfile(['owner']) } },
      'GET /api/permissions': { body: matrix },
      ...fetch,
    },
  });
}

/** The checkbox of one function and one permission, by its accessible label. */
const box = (fn: string, group: string, action: string) =>
  screen.getByRole('checkbox', {
    name: `${t(`functions.${fn}`)}: ${t(`permissions.groups.${group}`)} – ${t(action)}`,
  }) as HTMLInputElement;

describe('PermissionsPage', () => {
  it('shows manage_warehouse beside stock work in the warehouse group', async () => {
    renderMatrix();
    await screen.findByText(t('permissions.noChanges'));
    expect(screen.getByText('manage_warehouse')).toBeTruthy();
    expect(box('owner', 'warehouse', 'permissions.extra.manage_warehouse').checked).toBe(true);
    expect(box('dispatcher', 'warehouse', 'permissions.extra.manage_warehouse').checked).toBe(true);
    expect(box('warehouseman', 'warehouse', 'permissions.extra.manage_warehouse').checked).toBe(false);
    expect(box('warehouseman', 'warehouse', 'permissions.extra.change_warehouse').checked).toBe(true);
  });

  it('shows the matrix: the defaults ticked, the owner column all ticked and locked', async () => {
    renderMatrix();
    expect(await screen.findByText(t('permissions.noChanges'))).toBeTruthy();
    expect(screen.getByRole('heading', { name: t('permissions.heading') })).toBeTruthy();
    expect(box('dispatcher', 'product', 'permissions.actions.view').checked).toBe(true);
    expect(box('dispatcher', 'product', 'permissions.actions.add').checked).toBe(false);
    expect(box('driver', 'transportation', 'permissions.actions.add').checked).toBe(true);
    expect(box('warehouseman', 'order', 'permissions.extra.prepare_order').checked).toBe(true);
    const ownerBox = box('owner', 'user', 'permissions.actions.delete');
    expect(ownerBox.checked).toBe(true);
    expect(ownerBox.disabled).toBe(true);
    expect(screen.getAllByRole('checkbox')).toHaveLength(permissions.length * functionNames.length);
    expect(screen.getByText(t('permissions.noChanges'))).toBeTruthy();
    expect((screen.getByRole('button', { name: t('permissions.save') }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('saves only the changed function, with its whole new list', async () => {
    const { user, api } = renderMatrix({
      'PUT /api/permissions': (request) => {
        const body = request.body as { function_id: number; permissions: string[] };
        return {
          body: {
            ...matrix,
            functions: matrix.functions.map((f) =>
              f.id === body.function_id ? { ...f, permissions: body.permissions } : f,
            ),
          },
        };
      },
    });
    await screen.findByText(t('permissions.noChanges'));
    await user.click(box('dispatcher', 'product', 'permissions.actions.view'));
    expect(screen.getByText(t('permissions.unsaved', { functions: t('functions.dispatcher') }))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: t('permissions.save') }));

    expect(await screen.findByText(t('permissions.saved'))).toBeTruthy();
    const [put, ...more] = api.sent('PUT /api/permissions');
    expect(more).toEqual([]);
    const body = put?.body as { function_id: number; permissions: string[] };
    expect(body.function_id).toBe(2);
    expect([...body.permissions].sort()).toEqual(
      defaultPermissionMatrix.dispatcher.filter((p) => p !== 'view_product').sort(),
    );
    await waitFor(() => expect(screen.getByText(t('permissions.noChanges'))).toBeTruthy());
    expect(box('dispatcher', 'product', 'permissions.actions.view').checked).toBe(false);
  });

  it('discarding the changes brings the saved state back and sends nothing', async () => {
    const { user, api } = renderMatrix();
    await screen.findByText(t('permissions.noChanges'));
    await user.click(box('driver', 'customer', 'permissions.actions.add'));
    expect(box('driver', 'customer', 'permissions.actions.add').checked).toBe(true);
    await user.click(screen.getByRole('button', { name: t('permissions.reset') }));
    expect(box('driver', 'customer', 'permissions.actions.add').checked).toBe(false);
    expect(api.sent('PUT /api/permissions')).toEqual([]);
  });

  it('a refused save shows the server error text', async () => {
    const { user } = renderMatrix({
      'PUT /api/permissions': {
        status: 400,
        body: { error_code: 120, message: 'bad', fields: ['permissions'] },
      },
    });
    await screen.findByText(t('permissions.noChanges'));
    await user.click(box('driver', 'customer', 'permissions.actions.add'));
    await user.click(screen.getByRole('button', { name: t('permissions.save') }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.120'));
  });

  it('is for owners only: others are told so and nothing is asked of the server', async () => {
    const { api } = renderWithApp(<PermissionsPage />, {
      path: '/permissions',
      fetch: { 'GET /api/auth/user': { body: { user: makeProfile(['dispatcher']) } } },
    });
    expect(await screen.findByText(t('common.accessDenied'))).toBeTruthy();
    expect(api.sent('GET /api/permissions')).toEqual([]);
  });
});
