import path from 'node:path';
import { type FileItem, fileUploadFieldsSchema } from '@letokruh/contracts/files';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { safeFilename, sendDownload } from '../../plugins/download.ts';
import { badInput, notFound } from '../../plugins/errors.ts';
import { readForm } from '../../plugins/multipart.ts';
import type { Storage } from '../../plugins/storage.ts';
import { checkUploadType } from './content-type.ts';
import * as q from './files.queries.ts';

/** Shared by customers, orders and transportations: their routes name the owner. */
export type FileOwner = q.FileOwner;

export const toFileItem = (r: q.FileRow): FileItem => ({
  id: r.id,
  name: r.name,
  title: r.title,
  file_type: r.fileType,
  content_type: r.contentType,
  size: r.size,
  uploaded_by:
    r.uploadedBy === null
      ? null
      : { id: r.uploadedBy, first_name: r.firstName ?? '', last_name: r.lastName ?? '' },
  created: r.createdAt.toISOString(),
});

export const ownersWithFiles = (db: DbOrTx, owner: FileOwner, ownerIds: number[]) =>
  q.findOwnersWithFiles(db, owner, ownerIds);

export const listFiles = async (db: DbOrTx, owner: FileOwner, ownerId: number) =>
  (await q.findFiles(db, owner, ownerId)).map(toFileItem);

/**
 * Reads a multipart upload (title, file_type, file, in any order), validates it, stores the bytes
 * and records the file. A refused upload leaves neither a row nor bytes behind.
 */
export async function receiveUpload(
  request: FastifyRequest,
  options: {
    db: Db;
    storage: Storage;
    owner: FileOwner;
    ownerId: number;
    fileTypes: readonly [string, ...string[]];
  },
): Promise<FileItem> {
  const { fields, files } = await readForm(request);
  const file = files.find((f) => f.fieldname === 'file');
  const parsed = fileUploadFieldsSchema(options.fileTypes).safeParse(fields);
  const bad = parsed.success ? [] : [...new Set(parsed.error.issues.map((i) => String(i.path[0])))];
  if (!file || file.data.length === 0) bad.push('file');
  if (!parsed.success || !file || bad.length) throw badInput('Invalid upload', bad);
  const id = await storeFile(options.db, options.storage, {
    owner: options.owner,
    ownerId: options.ownerId,
    name: file.name,
    title: parsed.data.title,
    fileType: parsed.data.file_type,
    data: file.data,
    declaredType: file.type,
    uploadedBy: request.user?.id ?? null,
  });
  const row = await q.findFile(options.db, options.owner, options.ownerId, id);
  return toFileItem(row!);
}

/**
 * Checks a file by its first bytes, stores them and records the file: an upload, or a file brought
 * from the old system (docs/decisions/0089-moving-in-orders-files-and-the-rest.md). A refused type is
 * 415 / 122; a row that cannot be written leaves no bytes behind. Answers the file's id.
 */
export async function storeFile(
  db: DbOrTx,
  storage: Storage,
  file: {
    owner: FileOwner;
    ownerId: number;
    name: string;
    title: string;
    fileType: string;
    data: Buffer;
    declaredType: string;
    uploadedBy: number | null;
    createdAt?: Date;
  },
): Promise<number> {
  const type = await checkUploadType(file.data, file.declaredType);
  // Kept as it will be downloaded: no separators, control or bidi characters, no active extension.
  const name = safeFilename(file.name, type.extension);
  // The stored name is the server's (a random id and the detected type's extension).
  const key = await storage.put(`${file.owner}s`, file.data, type.extension);
  try {
    return await q.insertFile(db, {
      ownerType: file.owner,
      ownerId: file.ownerId,
      name,
      title: file.title,
      fileType: file.fileType,
      contentType: type.mime,
      size: file.data.length,
      storageKey: key,
      uploadedBy: file.uploadedBy,
      ...(file.createdAt ? { createdAt: file.createdAt } : {}),
    });
  } catch (error) {
    await storage.remove(key);
    throw error;
  }
}

/** A file's title and type, as the old system has them now (its bytes never change). */
export async function describeFile(db: DbOrTx, id: number, fields: { title: string; fileType: string }) {
  await q.updateFileFields(db, id, fields);
}

export async function removeFile(db: Db, storage: Storage, owner: FileOwner, ownerId: number, id: number) {
  const row = await q.findFile(db, owner, ownerId, id);
  if (!row) throw notFound('File not found');
  await q.deleteFile(db, id);
  // The row goes first: a failure now leaves an orphan blob, never a row without its bytes.
  await storage.remove(row.storageKey);
}

export async function sendFile(
  reply: FastifyReply,
  options: { db: DbOrTx; storage: Storage; owner: FileOwner; ownerId: number; id: number },
) {
  const row = await q.findFile(options.db, options.owner, options.ownerId, options.id);
  const data = row ? await options.storage.get(row.storageKey) : null;
  if (!row || !data) throw notFound('File not found');
  return sendDownload(reply, {
    data,
    filename: row.name,
    contentType: row.contentType,
    extension: path.extname(row.storageKey),
  });
}
