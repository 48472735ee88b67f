import type { UserAdd, UserEdit, UserItem, UserList } from '@letokruh/contracts/users';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const usersKey = ['users'] as const;

export const userListQuery = (paging: { current_page: number; per_page: number; name?: string }) =>
  queryOptions({
    queryKey: [...usersKey, 'list', paging],
    queryFn: ({ signal }) => api<UserList>('GET', '/users', { query: paging, signal }),
    placeholderData: keepPreviousData,
  });

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: [...usersKey, 'item', id],
    queryFn: ({ signal }) => api<{ item: UserItem }>('GET', `/user/${id}`, { signal }).then((a) => a.item),
  });

export const addUser = (body: UserAdd) =>
  api<{ item: UserItem }>('POST', '/user/add', { body }).then((a) => a.item);

export const editUser = (id: number, body: UserEdit) =>
  api<{ item: UserItem }>('PUT', `/user/${id}/edit`, { body }).then((a) => a.item);

export const deactivateUser = (id: number) =>
  api<{ item: UserItem }>('DELETE', `/user/${id}/delete`).then((a) => a.item);

export const reactivateUser = (id: number) =>
  api<{ item: UserItem }>('PUT', `/user/${id}/reactivate`).then((a) => a.item);

/** Issue 13 §2: the owner lifts a user's sign-in lock. */
export const unlockUser = (id: number) =>
  api<{ item: UserItem }>('PUT', `/user/${id}/unlock`).then((a) => a.item);
