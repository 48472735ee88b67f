import { type FileItem, fileSchema } from '@letokruh/contracts/files';
import type { Storage } from '../../plugins/storage.ts';
import { describeFile, type FileOwner, storeFile } from '../files/files.service.ts';
import * as q from './import.queries.ts';
import { type Checked, defineStep, fingerprintOf, issuesText, Lookup, type Step } from './import-step.ts';
import { type OldSystem, ReadFailure } from './old-system.ts';
import { inParallel } from './read-pages.ts';

/**
 * Files of the customers, orders and hauls brought over (docs/decisions/0089-moving-in-orders-files-and-the-rest.md):
 * each one's detail names its files (domain.md §2.3 File); a new one is downloaded through the old
 * system's API and stored through the file store, checked by its first bytes like any upload. A
 * file's bytes never change in the old system (it can be replaced, not edited): one already
 * brought has only its title and type kept in step.
 */

type Owner = {
  kind: FileOwner;
  entity: 'customers' | 'orders' | 'transportations';
  oldId: string;
  newId: number;
};
type Found = { owner: Owner; file: unknown } | { unread: true; owner: Owner; reason: string };

const owners: { kind: FileOwner; entity: Owner['entity'] }[] = [
  { kind: 'customer', entity: 'customers' },
  { kind: 'order', entity: 'orders' },
  { kind: 'transportation', entity: 'transportations' },
];

/** The files a detail answer names. */
const filesOf = (kind: FileOwner, answer: Record<string, unknown>): unknown[] => {
  const holder = (kind === 'customer' ? answer.customer : answer.item) as { files?: unknown } | undefined;
  return Array.isArray(holder?.files) ? holder.files : [];
};

async function* filePages(old: OldSystem, pageSize: number, db: Parameters<Step['pages']>[2]) {
  const all: Owner[] = [];
  for (const { kind, entity } of owners) {
    for (const m of await q.listMappings(db, entity))
      all.push({ kind, entity, oldId: m.oldId, newId: m.newId });
  }
  for (let at = 0; at < all.length; at += pageSize) {
    const slice = all.slice(at, at + pageSize);
    const found = await inParallel(slice, 8, async (owner): Promise<Found[]> => {
      try {
        const answer = await old.get<Record<string, unknown>>(`/${owner.kind}/${owner.oldId}`);
        return filesOf(owner.kind, answer).map((file) => ({ owner, file }));
      } catch (error) {
        if (!(error instanceof ReadFailure)) throw error;
        return [{ unread: true, owner, reason: error.message }];
      }
    });
    yield { items: found.flat(), total: all.length, covered: slice.length };
  }
}

type FileValues = { owner: Owner; file: FileItem; uploadedBy: number | null };

export const filesStep = (storage: Storage) =>
  defineStep({
    entity: 'files',
    pages: (old, read, db) => filePages(old, read.pageSize, db),
    prepare: (items, db) =>
      Lookup.of(db, {
        users: items.flatMap((i) => {
          const by = (i as { file?: { uploaded_by?: { id?: unknown } } }).file?.uploaded_by?.id;
          return typeof by === 'number' ? [by] : [];
        }),
      }),
    async check(raw, _db, old, ids: Lookup): Promise<Checked<FileValues>> {
      const found = raw as Found;
      if ('unread' in found) {
        return { oldId: `${found.owner.kind} ${found.owner.oldId}`, problem: found.reason };
      }
      const parsed = fileSchema.safeParse(found.file);
      if (!parsed.success) {
        return {
          oldId: `${found.owner.kind} ${found.owner.oldId}`,
          problem: issuesText(parsed.error.issues),
        };
      }
      const file = parsed.data;
      const { owner } = found;
      const uploadedBy = file.uploaded_by ? (ids.id('users', file.uploaded_by.id) ?? null) : null;
      const fields = { title: file.title, fileType: file.file_type };
      return {
        oldId: String(file.id),
        fingerprint: fingerprintOf([owner.kind, owner.newId, fields]),
        values: { owner, file, uploadedBy },
        async write(tx, existing) {
          if (existing !== undefined) {
            await describeFile(tx, existing, fields);
            return existing;
          }
          const data = await old.download(`/${owner.kind}/${owner.oldId}/files/${file.id}/download`);
          return storeFile(tx, storage, {
            owner: owner.kind,
            ownerId: owner.newId,
            name: file.name,
            ...fields,
            data,
            declaredType: file.content_type,
            uploadedBy,
            createdAt: new Date(file.created),
          });
        },
      };
    },
    alone: true,
  });
