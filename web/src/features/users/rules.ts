import type { UserItem } from '@letokruh/contracts/users';
import type { useAccess } from '../../lib/session';

type Access = ReturnType<typeof useAccess>;

export const isOwner = (user: Pick<UserItem, 'functions'>) => user.functions.some((f) => f.name === 'owner');

/**
 * Only owners edit an owner (decision 0021: another owner may take the owner function away, the
 * server keeps one active owner); the server refuses the rest too.
 */
export const canEditUser = (access: Access, target: UserItem) =>
  access.canCall('PUT /user/:id/edit') && (!isOwner(target) || access.hasFunction('owner'));

/**
 * Owners are never deactivated, and nobody deactivates themself (the server refuses both). An
 * inactive holder of the owner function is reactivated by an owner only (the server's 204).
 */
export const canToggleActive = (access: Access, target: UserItem) =>
  access.canCall(target.is_active ? 'DELETE /user/:id/delete' : 'PUT /user/:id/reactivate') &&
  access.user?.id !== target.id &&
  (!isOwner(target) || (!target.is_active && access.hasFunction('owner')));
