import type { Profile, ProfileUpdate } from '@letokruh/contracts/auth';
import type { AnswerOf } from '@letokruh/contracts/endpoint';
// Types only: the login page loads no zod schema (its 250 KiB budget, web/scripts/budget.mjs).
import type { authEndpoints as e } from '@letokruh/contracts/endpoints/auth';
import { api, buildUrl } from '../../lib/api-client';

export const login = (username: string, password: string) =>
  api<AnswerOf<typeof e.login>>('POST', '/auth/login', { body: { username, password } }).then((a) => a.user);

export const logout = () => api<AnswerOf<typeof e.logout>>('GET', '/auth/logout');

export const updateProfile = (body: ProfileUpdate) =>
  api<AnswerOf<typeof e.updateProfile>>('PUT', '/auth/user', { body }).then((a) => a.user);

let avatarVersion = Date.now();

export async function uploadAvatar(file: File): Promise<Profile> {
  const form = new FormData();
  form.append('avatar', file);
  const { user } = await api<AnswerOf<typeof e.uploadAvatar>>('POST', '/auth/avatar', { form });
  avatarVersion = Date.now();
  return user;
}

/** The avatar's address, changed after each upload so that the browser does not show the old one. */
export const avatarUrl = (userId: number) => buildUrl('/auth/avatar', { u: userId, v: avatarVersion });

/** Decision 0089: the set-password link's page (no session; the link's secret is the proof). */
export const setPasswordWithLink = (token: string, password: string) =>
  api<{ username: string }>('POST', '/auth/set_password', { body: { token, password } });
