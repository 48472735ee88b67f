import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * Issue 14: the audit log names what it speaks of (an order by its number, a warehouse, product,
 * user or customer by name), never only by an internal id. Names are looked up for one page at a
 * time, one query per kind; a record deleted since keeps its id (no name).
 */
const lookups = {
  order: (ids: number[]) =>
    sql`select id, intern_id::text as name from orders where id = any(${sql.param(ids)}::int[])`,
  warehouse: (ids: number[]) => sql`select id, name from warehouses where id = any(${sql.param(ids)}::int[])`,
  product: (ids: number[]) => sql`select id, name from products where id = any(${sql.param(ids)}::int[])`,
  user: (ids: number[]) =>
    sql`select id, coalesce(nullif(trim(first_name || ' ' || last_name), ''), username) as name
        from users where id = any(${sql.param(ids)}::int[])`,
  customer: (ids: number[]) =>
    sql`select id, trim(first_name || ' ' || last_name || ' ' || organization_name) as name
        from customers where id = any(${sql.param(ids)}::int[])`,
  // domain.md §2.14: an import by its file's name.
  import: (ids: number[]) =>
    sql`select id, file_name as name from spreadsheet_imports where id = any(${sql.param(ids)}::int[])`,
} as const;
type Kind = keyof typeof lookups;

/** The kind of record an audit entity's id names (a stock change's id is its warehouse's). */
const entityKind: Record<string, Kind | undefined> = {
  order: 'order',
  stock: 'warehouse',
  warehouse: 'warehouse',
  product: 'product',
  user: 'user',
  customer: 'customer',
  import: 'import',
};
/** Path parameters that name another record. */
const paramKind: Record<string, Kind | undefined> = {
  warehouseId: 'warehouse',
  productId: 'product',
};

type Row = { entity: string; entityId: number | null; details: unknown };
export type Named = { entity_name: string | null; names: Record<string, string> };

export async function auditNames(db: DbOrTx, rows: Row[]): Promise<Named[]> {
  const wanted = new Map<Kind, Set<number>>();
  const want = (kind: Kind | undefined, id: unknown) => {
    if (!kind || typeof id !== 'number' || !Number.isInteger(id)) return;
    wanted.set(kind, (wanted.get(kind) ?? new Set()).add(id));
  };
  const paramsOf = (row: Row) =>
    ((row.details as { params?: Record<string, unknown> } | null)?.params ?? {}) as Record<string, unknown>;
  const asId = (value: unknown) =>
    typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  for (const row of rows) {
    want(entityKind[row.entity], row.entityId);
    for (const [key, value] of Object.entries(paramsOf(row))) want(paramKind[key], asId(value));
  }
  const found = new Map<Kind, Map<number, string>>();
  for (const [kind, ids] of wanted) {
    const result = await rowsOf<{ id: number; name: string }>(db, lookups[kind]([...ids]));
    found.set(kind, new Map(result.map((r) => [Number(r.id), r.name])));
  }
  const nameOf = (kind: Kind | undefined, id: unknown) =>
    kind && typeof id === 'number' ? found.get(kind)?.get(id) : undefined;
  return rows.map((row) => {
    const names: Record<string, string> = {};
    for (const [key, value] of Object.entries(paramsOf(row))) {
      const name = nameOf(paramKind[key], asId(value));
      if (name) names[key] = name;
    }
    return { entity_name: nameOf(entityKind[row.entity], row.entityId) ?? null, names };
  });
}
