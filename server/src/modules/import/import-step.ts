import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import * as q from './import.queries.ts';
import type { OldSystem, ReadFailure } from './old-system.ts';

/**
 * What every step of moving in shares (docs/decisions/0085-moving-in-from-the-old-system-through-its-api.md,
 * docs/decisions/0089-moving-in-orders-files-and-the-rest.md): an entity is read page by page, each
 * record checked into a `Written` (or refused with a reason), and a page written in one transaction.
 */
export const importEntities = [
  'users',
  'permissions',
  'warehouses',
  'suppliers',
  'adtypes',
  'customers',
  'products',
  'stock',
  'orders',
  'closures',
  'vacations',
  'transport_data',
  'transportations',
  'files',
] as const;
export type ImportEntity = (typeof importEntities)[number];

export type Problem = { entity: ImportEntity; old_id: string | null; reason: string };
export type Counts = {
  total: number;
  read: number;
  added: number;
  updated: number;
  unchanged: number;
  refused: number;
};

/** A checked record: its old id, a fingerprint of what would be written, and how to write it alone. */
export type Written<V = unknown> = {
  oldId: string;
  fingerprint: string;
  /** What `writeMany` writes; `write` writes the same record alone. */
  values: V;
  write(tx: DbOrTx, existing: number | undefined): Promise<number>;
};
export type Checked<V = unknown> = Written<V> | { oldId: string; problem: string };
/**
 * A page of records, and of how many the walk's `total` counts: `covered` when it counts other
 * things than the records (the files step walks customers, orders and hauls).
 */
export type Page = { items: unknown[]; total: number; covered?: number } | ReadFailure;

/** A record written in a batch, with the id it has here when it was brought before. */
export type BatchRecord<V> = { record: Written<V>; existing: number | undefined };

/** How lists are read: records per page (the API's sizes 10 … 1000) and the old system's row cap. */
export type ReadOptions = { pageSize: number; listCap: number };

export type Step<V = unknown, C = unknown> = {
  entity: ImportEntity;
  pages(old: OldSystem, read: ReadOptions, db: DbOrTx): AsyncGenerator<Page>;
  /** Once per page, before its records are checked: what they share (ids of other entities). */
  prepare?(items: unknown[], db: DbOrTx, old: OldSystem): Promise<C>;
  /** Checks one record and says how to write it; may read more from the old system. */
  check(raw: unknown, db: DbOrTx, old: OldSystem, context: C): Promise<Checked<V>>;
  /**
   * The page's records in a few statements, answering their ids here in the same order. When the
   * database refuses the batch, the page is written again record by record (`write`).
   */
  writeMany?(tx: DbOrTx, records: BatchRecord<V>[]): Promise<number[]>;
  /**
   * Each record in a savepoint of its own from the start: a record that writes more than rows (a
   * file's bytes) is not written twice when another one of its page is refused.
   */
  alone?: boolean;
  /** Once every page is written. */
  finish?(db: DbOrTx): Promise<void>;
};

/** A step typed by its values, kept in a list of steps of any values. */
export const defineStep = <V, C>(step: Step<V, C>): Step => step as unknown as Step;

export const fingerprintOf = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url');

export const issuesText = (issues: z.core.$ZodIssue[]) =>
  issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || 'record'}: ${i.message}`)
    .join('; ');

export const oldIdOf = (raw: unknown) =>
  raw && typeof raw === 'object' && 'id' in raw ? String((raw as { id: unknown }).id) : null;

export const refused = (raw: unknown, problem: string): { oldId: string; problem: string } => ({
  oldId: oldIdOf(raw) ?? '?',
  problem,
});

/** Old ids of another entity, mapped to ids here; an id never imported is a problem of the record. */
export async function mapIds(db: DbOrTx, entity: ImportEntity | 'cars', oldIds: number[]) {
  const found = await q.findMappings(db, entity, oldIds.map(String));
  const missing = oldIds.filter((id) => !found.has(String(id)));
  return { ids: oldIds.map((id) => found.get(String(id))?.newId).filter((id) => id !== undefined), missing };
}

/**
 * The ids here of what a page's records name, looked up once per page and entity: `id(entity,
 * old)` answers the id here or undefined when that record was never brought.
 */
export class Lookup {
  private constructor(private readonly maps: Map<string, Map<string, q.Mapping>>) {}

  static async of(db: DbOrTx, wanted: Partial<Record<ImportEntity | 'cars', Iterable<number | string>>>) {
    // At once: on a pool of connections the lookups overlap (a transaction runs them in turn).
    const found = await Promise.all(
      Object.entries(wanted).map(async ([entity, ids]) => {
        const mapped = await q.findMappings(db, entity, [...new Set([...ids].map(String))]);
        return [entity, mapped] as const;
      }),
    );
    return new Lookup(new Map(found));
  }

  id(entity: ImportEntity | 'cars', oldId: number | string): number | undefined {
    return this.mapping(entity, oldId)?.newId;
  }

  /** The id here and the fingerprint last written, or undefined when never brought. */
  mapping(entity: ImportEntity | 'cars', oldId: number | string): q.Mapping | undefined {
    return this.maps.get(entity)?.get(String(oldId));
  }
}
