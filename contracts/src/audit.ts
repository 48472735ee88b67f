import { z } from 'zod';
import { daySchema, pagedAnswer, pagingQuerySchema } from './common.ts';

/** The audit log (issue 9): who changed what and when, read by the owner. */
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
  action: z.string(),
  method: z.string(),
  path: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditItem = z.infer<typeof auditItemSchema>;

export const auditAnswerSchema = pagedAnswer(auditItemSchema);
export type AuditAnswer = z.infer<typeof auditAnswerSchema>;
