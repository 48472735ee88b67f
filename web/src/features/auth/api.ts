import type { Profile, ProfileUpdate } from '@letokruh/contracts/auth';
import { api } from '../../lib/api-client';

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
