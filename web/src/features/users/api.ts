import type { UserAdd, UserEdit } from '@letokruh/contracts/users';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { usersEndpoints as e, calendarFeedsEndpoints as feeds } from '../../lib/routes';

export const usersKey = ['users'] as const;

export const userListQuery = (paging: { current_page: number; per_page: number; name?: string }) =>
  queryOptions({
    queryKey: [...usersKey, 'list', paging],
    queryFn: ({ signal }) => call(e.list, { query: paging, signal }),
    placeholderData: keepPreviousData,
  });

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: [...usersKey, 'item', id],
    queryFn: ({ signal }) => call(e.detail, { params: { id }, signal }).then((a) => a.item),
  });

export const addUser = (body: UserAdd) => call(e.add, { body }).then((a) => a.item);

export const editUser = (id: number, body: UserEdit) =>
  call(e.edit, { params: { id }, body }).then((a) => a.item);

export const deactivateUser = (id: number) => call(e.deactivate, { params: { id } }).then((a) => a.item);

export const reactivateUser = (id: number) => call(e.reactivate, { params: { id } }).then((a) => a.item);

/** Decision 0002: the owner lifts a user's sign-in lock. */
export const unlockUser = (id: number) => call(e.unlock, { params: { id } }).then((a) => a.item);

/** Decision 0073: the owner's view of a user's calendar links (their driver feed, those they made). */
export const userFeedsQuery = (userId: number) =>
  queryOptions({
    queryKey: [...usersKey, 'item', userId, 'feeds'],
    queryFn: ({ signal }) => call(feeds.all, { query: { user: userId }, signal }).then((a) => a.items),
  });

export const revokeAnyFeed = (id: number) => call(feeds.revokeAny, { params: { id } });

/** Decision 0089: the owner gives a user a password, or e-mails them a link to choose one. */
export const setUserPassword = (id: number, password: string) =>
  call(e.setPassword, { params: { id }, body: { password } }).then((a) => a.item);

export const sendPasswordLink = (id: number) => call(e.passwordLink, { params: { id } });
