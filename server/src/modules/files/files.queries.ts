import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRead } from '../../db/prepared.ts';
import { idsAmong } from '../../db/rows.ts';
import { files } from '../../db/schema/index.ts';

export type FileOwner = (typeof files.$inferSelect)['ownerType'];
export type FileRow = typeof files.$inferSelect & { firstName: string | null; lastName: string | null };

const withUploader = {
  id: files.id,
  ownerType: files.ownerType,
  ownerId: files.ownerId,
  name: files.name,
  title: files.title,
  fileType: files.fileType,
  contentType: files.contentType,
  size: files.size,
  storageKey: files.storageKey,
  uploadedBy: files.uploadedBy,
  createdAt: files.createdAt,
  firstName: sql<string | null>`(select first_name from users where users.id = ${files.uploadedBy})`,
  lastName: sql<string | null>`(select last_name from users where users.id = ${files.uploadedBy})`,
};

/** Which of the owners have a file (domain.md §2.14: an imported customer with files stays). */
export const findOwnersWithFiles = (db: DbOrTx, owner: FileOwner, ownerIds: number[]) =>
  idsAmong(db, files.ownerId, ownerIds, eq(files.ownerType, owner));

export async function insertFile(db: DbOrTx, values: typeof files.$inferInsert): Promise<number> {
  const [row] = await db.insert(files).values(values).returning({ id: files.id });
  if (!row) throw new Error('file insert returned nothing');
  return row.id;
}

const ownersFiles = preparedRead('owners_files', (db) =>
  db
    .select(withUploader)
    .from(files)
    .where(
      and(eq(files.ownerType, sql.placeholder('ownerType')), eq(files.ownerId, sql.placeholder('ownerId'))),
    )
    .orderBy(asc(files.id)),
);

export async function findFiles(db: DbOrTx, ownerType: FileOwner, ownerId: number): Promise<FileRow[]> {
  return ownersFiles(db).execute({ ownerType, ownerId });
}

export async function findFile(
  db: DbOrTx,
  ownerType: FileOwner,
  ownerId: number,
  id: number,
): Promise<FileRow | undefined> {
  const [row] = await db
    .select(withUploader)
    .from(files)
    .where(and(eq(files.ownerType, ownerType), eq(files.ownerId, ownerId), eq(files.id, id)));
  return row;
}

export async function updateFileFields(db: DbOrTx, id: number, fields: { title: string; fileType: string }) {
  await db.update(files).set(fields).where(eq(files.id, id));
}

export async function deleteFile(db: DbOrTx, id: number): Promise<void> {
  await db.delete(files).where(eq(files.id, id));
}
