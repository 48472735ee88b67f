import path from 'node:path';
import { avatarMaxBytes, avatarMimeTypes } from '@letokruh/contracts/auth';
import { authEndpoints as e } from '@letokruh/contracts/endpoints/auth';
import { ErrorCode } from '@letokruh/contracts/errors';
import type { FunctionName } from '@letokruh/contracts/permissions';
import { asc } from 'drizzle-orm';
import type { App } from '../../app-types.ts';
import { functions } from '../../db/schema/index.ts';
import { deviceOf, endSession, setDeviceCookie, startSession } from '../../plugins/auth.ts';
import { fileAnswer, uploadForm } from '../../plugins/docs.ts';
import { sendDownload } from '../../plugins/download.ts';
import { route } from '../../plugins/endpoint.ts';
import { AppError } from '../../plugins/errors.ts';
import { readForm } from '../../plugins/multipart.ts';
import { deleteSessionsOfUser } from '../../plugins/sessions.ts';
import * as q from './auth.queries.ts';
import { authenticate, getProfile, updateProfile } from './auth.service.ts';
import { detectImage, mimeOfKey } from './avatar.ts';
import { throttlePolicy } from './throttle.ts';

const tags = ['session'];
const avatarFile = { tags, response: { 200: fileAnswer('The avatar image', avatarMimeTypes) } };

export async function authRoutes(app: App): Promise<void> {
  const { db, storage, config } = app.ctx;

  route(app, e.login, { schema: { tags } }, async (request, reply) => {
    const device = deviceOf(request);
    const userId = await authenticate(db, { ...request.body, address: request.ip, device: device.hash });
    await startSession(app, request, reply, userId);
    setDeviceCookie(app, reply, device.token, throttlePolicy.knownDays);
    const user = await getProfile(db, userId, await q.findPermissionsOfUser(db, userId));
    return { user };
  });

  route(app, e.logout, { schema: { tags } }, async (request, reply) => {
    await endSession(app, request, reply);
    return { ok: true as const };
  });

  route(app, e.profile, { schema: { tags } }, async (request) => {
    const user = request.user!;
    return { user: await getProfile(db, user.id, user.permissions) };
  });

  route(app, e.updateProfile, { schema: { tags } }, async (request) => {
    const user = request.user!;
    await updateProfile(db, user.id, request.body, request.ip);
    if (request.body.new_password) {
      // A new password ends every other session of the user; this one stays.
      await deleteSessionsOfUser(db, user.id, request.sessionId);
    }
    return { user: await getProfile(db, user.id, user.permissions) };
  });

  route(app, e.avatar, { schema: avatarFile }, async (request, reply) => {
    const profile = await getProfile(db, request.user!.id, []);
    const key = profile.avatar ? (await q.findUserById(db, profile.id))?.avatarKey : null;
    const data = key ? await storage.get(key) : null;
    if (!key || !data) throw new AppError(404, ErrorCode.notFound, 'No avatar');
    return sendDownload(reply, {
      data,
      filename: `avatar${path.extname(key)}`,
      contentType: mimeOfKey(key),
    });
  });

  route(
    app,
    e.uploadAvatar,
    { schema: { tags, consumes: ['multipart/form-data'], form: uploadForm('avatar', avatarMimeTypes) } },
    async (request) => {
      const user = request.user!;
      // The whole form is read: a second file or too many fields answer 413, a torn body 400.
      const { files } = await readForm(request, { fileSize: avatarMaxBytes, files: 1 });
      const data = files[0]?.data;
      if (!data?.length) throw new AppError(400, ErrorCode.invalidInput, 'No file sent', ['avatar']);
      const image = detectImage(data);
      if (!image)
        throw new AppError(
          415,
          ErrorCode.unsupportedFileType,
          'The avatar must be a PNG, JPEG, GIF or WebP image',
          ['avatar'],
        );
      const previous = (await q.findUserById(db, user.id))?.avatarKey;
      const key = await storage.put('avatars', data, image.extension);
      await q.updateUserProfile(db, user.id, { avatarKey: key });
      if (previous) await storage.remove(previous);
      return { user: await getProfile(db, user.id, user.permissions) };
    },
  );

  route(app, e.functions, { schema: { tags } }, async () => {
    const items = await db.select().from(functions).orderBy(asc(functions.id));
    return { items: items as { id: number; name: FunctionName }[] };
  });

  route(app, e.config, { schema: { tags } }, async () => ({
    old_system_url: config.oldSystemUrl,
    languages: ['cs', 'en'] as const satisfies ('cs' | 'en')[],
    map_tiles_url: config.mapTilesUrl,
    address_suggestions: config.mapsApiKey !== '',
  }));
}
