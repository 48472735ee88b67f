import { type AuditRefKind, auditRefOf } from '@letokruh/contracts/audit';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * The audit log names what it speaks of (an order by its number, a warehouse, product, user or
 * customer by name), never only by an internal id; so too every record the change's data names
 * (decision 0088: a driver, a car, the products of an order's lines). Names are looked up for one
 * page at a time, one query per kind; a record deleted since keeps its id (no name).
 */
const lookups: Record<AuditRefKind, (ids: number[]) => ReturnType<typeof sql>> = {
  order: (ids) =>
    sql`select id, intern_id::text as name from orders where id = any(${sql.param(ids)}::int[])`,
  warehouse: (ids) => sql`select id, name from warehouses where id = any(${sql.param(ids)}::int[])`,
  product: (ids) => sql`select id, name from products where id = any(${sql.param(ids)}::int[])`,
  user: (ids) =>
    sql`select id, coalesce(nullif(trim(first_name || ' ' || last_name), ''), username) as name
        from users where id = any(${sql.param(ids)}::int[])`,
  customer: (ids) =>
    sql`select id, trim(first_name || ' ' || last_name || ' ' || organization_name) as name
        from customers where id = any(${sql.param(ids)}::int[])`,
  car: (ids) => sql`select id, name from cars where id = any(${sql.param(ids)}::int[])`,
  supplier: (ids) => sql`select id, name from suppliers where id = any(${sql.param(ids)}::int[])`,
  adtype: (ids) => sql`select id, name from adtypes where id = any(${sql.param(ids)}::int[])`,
  // A delivered line by its product's name.
  order_item: (ids) =>
    sql`select i.id, p.name from order_items i join products p on p.id = i.product_id
        where i.id = any(${sql.param(ids)}::int[])`,
  transport_recipient: (ids) =>
    sql`select id, name from transport_recipients where id = any(${sql.param(ids)}::int[])`,
  transport_subscriber: (ids) =>
    sql`select id, name from transport_subscribers where id = any(${sql.param(ids)}::int[])`,
  wood_type: (ids) => sql`select id, name from wood_types where id = any(${sql.param(ids)}::int[])`,
  licence_plate: (ids) => sql`select id, name from licence_plates where id = any(${sql.param(ids)}::int[])`,
  // domain.md §2.14: an import by its file's name.
  import: (ids) =>
    sql`select id, file_name as name from spreadsheet_imports where id = any(${sql.param(ids)}::int[])`,
};

/** The kind of record an audit entity's id names (a stock change's id is its warehouse's). */
const entityKind: Record<string, AuditRefKind | undefined> = {
  order: 'order',
  stock: 'warehouse',
  warehouse: 'warehouse',
  product: 'product',
  user: 'user',
  customer: 'customer',
  import: 'import',
};
/** Path parameters that name another record. */
const paramKind: Record<string, AuditRefKind | undefined> = {
  warehouseId: 'warehouse',
  productId: 'product',
};

type Row = { entity: string; entityId: number | null; details: unknown };
export type Named = {
  entity_name: string | null;
  names: Record<string, string>;
  refs: Partial<Record<AuditRefKind, Record<string, string>>>;
};

const maxDepth = 6;

/** Every record a row's data names, as `auditRefOf` reads its fields (the path's and the body's). */
function refsIn(value: unknown, found: (kind: AuditRefKind, id: number) => void, parent?: string, depth = 0) {
  if (depth > maxDepth || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 100)) refsIn(item, found, parent, depth + 1);
    return;
  }
  const object = value as Record<string, unknown>;
  for (const [key, inner] of Object.entries(object)) {
    const ref = auditRefOf(key, inner, parent, object);
    if (ref) for (const id of ref.ids) found(ref.kind, id);
    refsIn(inner, found, key, depth + 1);
  }
}

export async function auditNames(db: DbOrTx, rows: Row[]): Promise<Named[]> {
  const wanted = new Map<AuditRefKind, Set<number>>();
  const want = (kind: AuditRefKind | undefined, id: unknown) => {
    if (!kind || typeof id !== 'number' || !Number.isInteger(id)) return;
    wanted.set(kind, (wanted.get(kind) ?? new Set()).add(id));
  };
  const paramsOf = (row: Row) =>
    ((row.details as { params?: Record<string, unknown> } | null)?.params ?? {}) as Record<string, unknown>;
  const asId = (value: unknown) =>
    typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  const rowRefs = rows.map((row) => {
    const refs: [AuditRefKind, number][] = [];
    refsIn(row.details, (kind, id) => refs.push([kind, id]));
    return refs;
  });
  for (const [i, row] of rows.entries()) {
    want(entityKind[row.entity], row.entityId);
    for (const [key, value] of Object.entries(paramsOf(row))) want(paramKind[key], asId(value));
    for (const [kind, id] of rowRefs[i]!) want(kind, id);
  }
  const found = new Map<AuditRefKind, Map<number, string>>();
  for (const [kind, ids] of wanted) {
    const result = await rowsOf<{ id: number; name: string }>(db, lookups[kind]([...ids]));
    found.set(kind, new Map(result.map((r) => [Number(r.id), r.name])));
  }
  const nameOf = (kind: AuditRefKind | undefined, id: unknown) =>
    kind && typeof id === 'number' ? found.get(kind)?.get(id) : undefined;
  return rows.map((row, i) => {
    const names: Record<string, string> = {};
    for (const [key, value] of Object.entries(paramsOf(row))) {
      const name = nameOf(paramKind[key], asId(value));
      if (name) names[key] = name;
    }
    const refs: Named['refs'] = {};
    for (const [kind, id] of rowRefs[i]!) {
      const name = nameOf(kind, id);
      if (name) refs[kind] = { ...refs[kind], [id]: name };
    }
    return { entity_name: nameOf(entityKind[row.entity], row.entityId) ?? null, names, refs };
  });
}
