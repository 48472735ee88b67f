import { z } from 'zod';
import { daySchema, pagedAnswer, pagingQuerySchema } from './common.ts';

/** The audit log (decision 0020): who changed what and when, read by the owner. */
export const auditEntities = [
  'order',
  'stock',
  'product',
  'user',
  'permissions',
  'customer',
  'warehouse',
  'vacation',
  'transportation',
  'reference',
  'profile',
  'calendar_feed',
  'bank',
  'import',
] as const;
export type AuditEntity = (typeof auditEntities)[number];

/** Kinds of record a change's data may name by id (decision 0088). */
export const auditRefKinds = [
  'order',
  'warehouse',
  'product',
  'user',
  'customer',
  'car',
  'supplier',
  'adtype',
  'order_item',
  'transport_recipient',
  'transport_subscriber',
  'wood_type',
  'licence_plate',
  'import',
] as const;
export type AuditRefKind = (typeof auditRefKinds)[number];

const day = daySchema;

export const auditQuerySchema = pagingQuerySchema.extend({
  entity: z.enum(auditEntities).optional(),
  entity_id: z.coerce.number().int().positive().max(2147483647).optional(),
  user_id: z.coerce.number().int().positive().max(2147483647).optional(),
  /** Prague days, both included. */
  from: day.optional(),
  to: day.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditItemSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  user: z.object({ id: z.number().int(), name: z.string(), username: z.string() }).nullable(),
  entity: z.string(),
  entity_id: z.number().int().nullable(),
  /** What the record is called now (an order's number, a name); null when gone or unnamed. */
  entity_name: z.string().nullable(),
  /** Names of the other records the change's path names (`warehouseId`, `productId`). */
  names: z.record(z.string(), z.string()),
  /**
   * Names of every record the change's data names (`auditRefOf`), by kind and id:
   * `{ product: { "7": "Buk štípaný sypané 33 cm" } }`. A record deleted since is missing.
   */
  refs: z.partialRecord(z.enum(auditRefKinds), z.record(z.string(), z.string())),
  action: z.string(),
  method: z.string(),
  path: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditItem = z.infer<typeof auditItemSchema>;

export const auditAnswerSchema = pagedAnswer(auditItemSchema);
export type AuditAnswer = z.infer<typeof auditAnswerSchema>;

/** Fields that name a record by its id, whatever call sent them (the spec's names, both spellings). */
const refFields: Record<string, AuditRefKind> = {
  warehouse_id: 'warehouse',
  warehouseId: 'warehouse',
  warehouse: 'warehouse',
  product_id: 'product',
  productId: 'product',
  product: 'product',
  driver_id: 'user',
  driver: 'user',
  user: 'user',
  user_id: 'user',
  drivers: 'user',
  warehousemen: 'user',
  car_id: 'car',
  car: 'car',
  supplier_id: 'supplier',
  default_supplier: 'supplier',
  customer_id: 'customer',
  customer: 'customer',
  id_found: 'customer',
  ad_type: 'adtype',
  orderItemId: 'order_item',
  recipient: 'transport_recipient',
  subscriber: 'transport_subscriber',
  sortiment: 'wood_type',
  spz: 'licence_plate',
};

const refId = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : null;
};

/**
 * The record(s) a field of a change's data names, or null: a number (or its digits), an object
 * with an `id`, or a list of numbers; `parent` is the key of the list or object holding the field
 * (the lines of a quote name their product by `id`), `siblings` the object itself (a calendar
 * feed's `subject_id` is a driver or a warehouse by its `kind`).
 */
export function auditRefOf(
  key: string,
  value: unknown,
  parent?: string,
  siblings?: Record<string, unknown>,
): { kind: AuditRefKind; ids: number[] } | null {
  const kind =
    key === 'id' && parent === 'products'
      ? 'product'
      : key === 'subject_id'
        ? siblings?.kind === 'driver'
          ? 'user'
          : siblings?.kind === 'warehouse'
            ? 'warehouse'
            : undefined
        : refFields[key];
  if (!kind) return null;
  if (Array.isArray(value)) {
    const ids = value.map(refId);
    return ids.length > 0 && ids.every((id) => id !== null) ? { kind, ids: ids as number[] } : null;
  }
  const id = value && typeof value === 'object' ? refId((value as { id?: unknown }).id) : refId(value);
  return id === null ? null : { kind, ids: [id] };
}
