import type { Profile, ProfileUpdate } from '@letokruh/contracts/auth';
import { authEndpoints as e } from '@letokruh/contracts/endpoints/auth';
import { buildUrl, call } from '../../lib/api-client';

export const login = (username: string, password: string) =>
  call(e.login, { body: { username, password } }).then((a) => a.user);

export const logout = () => call(e.logout);

export const updateProfile = (body: ProfileUpdate) => call(e.updateProfile, { body }).then((a) => a.user);

let avatarVersion = Date.now();

export async function uploadAvatar(file: File): Promise<Profile> {
  const form = new FormData();
  form.append('avatar', file);
  const { user } = await call(e.uploadAvatar, { form });
  avatarVersion = Date.now();
  return user;
}

/** The avatar's address, changed after each upload so that the browser does not show the old one. */
export const avatarUrl = (userId: number) => buildUrl(e.avatar.path, { u: userId, v: avatarVersion });
