import { idParamSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  passwordLinkAnswerSchema,
  permissionMatrixSchema,
  permissionUpdateSchema,
  setPasswordAnswerSchema,
  setPasswordSchema,
  userAddSchema,
  userEditSchema,
  userItemAnswerSchema,
  userListAnswerSchema,
  userListQuerySchema,
  userPasswordSchema,
} from '../users.ts';

/** Users (domain.md §2.7) and the owner's permissions screen (decision 0009, domain.md §3.3). */
export const usersEndpoints = {
  list: endpoint('GET /users', { query: userListQuerySchema, answers: { 200: userListAnswerSchema } }),
  detail: endpoint('GET /user/:id', { params: idParamSchema, answers: { 200: userItemAnswerSchema } }),
  add: endpoint('POST /user/add', { body: userAddSchema, answers: { 201: userItemAnswerSchema } }),
  edit: endpoint('PUT /user/:id/edit', {
    params: idParamSchema,
    body: userEditSchema,
    answers: { 200: userItemAnswerSchema },
  }),
  /** domain.md §2.8: the handler checks delete_user itself (200 with its code, not 110). */
  deactivate: endpoint('DELETE /user/:id/delete', {
    params: idParamSchema,
    answers: { 200: userItemAnswerSchema },
  }),
  reactivate: endpoint('PUT /user/:id/reactivate', {
    params: idParamSchema,
    answers: { 200: userItemAnswerSchema },
  }),
  /** Decision 0002: the owner lifts a user's sign-in lock. */
  unlock: endpoint('PUT /user/:id/unlock', { params: idParamSchema, answers: { 200: userItemAnswerSchema } }),
  /** Decision 0089: the owner gives a user a password, or e-mails them a link to choose one. */
  setPassword: endpoint('PUT /user/:id/password', {
    params: idParamSchema,
    body: userPasswordSchema,
    answers: { 200: userItemAnswerSchema },
  }),
  passwordLink: endpoint('POST /user/:id/password_link', {
    params: idParamSchema,
    answers: { 201: passwordLinkAnswerSchema },
  }),
  /** The link's page: no session; the secret is the proof. */
  usePasswordLink: endpoint('POST /auth/set_password', {
    body: setPasswordSchema,
    answers: { 200: setPasswordAnswerSchema },
  }),
  permissionMatrix: endpoint('GET /permissions', { answers: { 200: permissionMatrixSchema } }),
  savePermissions: endpoint('PUT /permissions', {
    body: permissionUpdateSchema,
    answers: { 200: permissionMatrixSchema },
  }),
};
