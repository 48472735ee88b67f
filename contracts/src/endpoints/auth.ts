import {
  functionsAnswerSchema,
  loginBodySchema,
  profileUpdateSchema,
  publicConfigSchema,
  userAnswerSchema,
} from '../auth.ts';
import { okAnswerSchema } from '../common.ts';
import { endpoint, fileDownload } from '../endpoint.ts';

/** The session, the signed-in user's own profile and avatar, the functions and the public settings. */
export const authEndpoints = {
  login: endpoint('POST /auth/login', { body: loginBodySchema, answers: { 200: userAnswerSchema } }),
  logout: endpoint('GET /auth/logout', { answers: { 200: okAnswerSchema } }),
  profile: endpoint('GET /auth/user', { answers: { 200: userAnswerSchema } }),
  updateProfile: endpoint('PUT /auth/user', {
    body: profileUpdateSchema,
    answers: { 200: userAnswerSchema },
  }),
  avatar: endpoint('GET /auth/avatar', { answers: { 200: fileDownload } }),
  uploadAvatar: endpoint('POST /auth/avatar', { upload: true, answers: { 200: userAnswerSchema } }),
  functions: endpoint('GET /functions', { answers: { 200: functionsAnswerSchema } }),
  config: endpoint('GET /config', { answers: { 200: publicConfigSchema } }),
};
