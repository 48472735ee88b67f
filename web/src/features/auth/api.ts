import type { Profile, ProfileUpdate, PublicConfig } from '@letokruh/contracts/auth';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../app/api-client';

export const userQueryKey = ['auth', 'user'] as const;

/** GET /auth/user; no session answers null instead of an error. */
export async function fetchUser(): Promise<Profile | null> {
  try {
    return (await api<{ user: Profile }>('GET', '/auth/user')).user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The signed-in user (`GET /auth/user`), as the app reads it everywhere: fresh for 5 s, not retried. */
export const profileQuery = queryOptions({
  queryKey: userQueryKey,
  queryFn: fetchUser,
  staleTime: 5_000,
  retry: false,
});

export const login = (username: string, password: string) =>
  api<{ user: Profile }>('POST', '/auth/login', { body: { username, password } }).then((a) => a.user);

export const logout = () => api<{ ok: true }>('GET', '/auth/logout');

export const updateProfile = (body: ProfileUpdate) =>
  api<{ user: Profile }>('PUT', '/auth/user', { body }).then((a) => a.user);

let avatarVersion = Date.now();

export async function uploadAvatar(file: File): Promise<Profile> {
  const form = new FormData();
  form.append('avatar', file);
  const user = (await api<{ user: Profile }>('POST', '/auth/avatar', { form })).user;
  avatarVersion = Date.now();
  return user;
}

/** The avatar's address, changed after each upload so that the browser does not show the old one. */
export const avatarUrl = (userId: number) => `/api/auth/avatar?u=${userId}&v=${avatarVersion}`;

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => api<PublicConfig>('GET', '/config'),
  staleTime: Number.POSITIVE_INFINITY,
});
