import { z } from 'zod';
import { pagedAnswer, pagingQuerySchema } from './common.ts';

/** Warehouses, their cars, drivers and warehousemen (domain.md §2.2, §2.3, §2.7; §1.3). */

const requiredText = (max: number) => z.string().trim().min(1).max(max);
export const hexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #1a2b3c');
export const latitudeSchema = z.number().min(-90).max(90);
export const longitudeSchema = z.number().min(-180).max(180);
const userIds = z
  .array(z.number().int().positive().max(2147483647))
  .max(1000)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'each user at most once' });

/** A car of a warehouse: `id` edits an existing car, no `id` adds one (decision 0005). */
export const carInputSchema = z.object({
  id: z.number().int().positive().max(2147483647).optional(),
  name: requiredText(100),
  hex_color: hexColorSchema,
});
export type CarInput = z.infer<typeof carInputSchema>;

/** POST /warehouse/add: domain.md's creation payload; colours and cars are optional extras. */
export const warehouseAddSchema = z.object({
  name: requiredText(100),
  address: requiredText(300),
  town: requiredText(100),
  zip: requiredText(20),
  country: requiredText(100),
  lat: latitudeSchema,
  lon: longitudeSchema,
  drivers: userIds.default([]),
  warehousemen: userIds.default([]),
  color: hexColorSchema.optional(),
  text_color: hexColorSchema.optional(),
  cars: z
    .array(carInputSchema.omit({ id: true }))
    .max(100)
    .optional(),
});
export type WarehouseAdd = z.infer<typeof warehouseAddSchema>;

/**
 * PUT /warehouse/{id}/edit: drivers and warehousemen (domain.md), cars (decision 0005: a car left out is
 * retired), and optionally the rest of the creation fields. `version` guards against stale edits.
 */
export const warehouseEditSchema = z.object({
  drivers: userIds,
  warehousemen: userIds,
  cars: z
    .array(carInputSchema)
    .max(100)
    .refine((cars) => {
      const ids = cars.flatMap((c) => (c.id ? [c.id] : []));
      return new Set(ids).size === ids.length;
    }, 'each car at most once')
    .optional(),
  version: z.number().int().positive().max(2147483647).optional(),
  ...warehouseAddSchema
    .pick({ name: true, address: true, town: true, zip: true, country: true, lat: true, lon: true })
    .partial().shape,
  color: hexColorSchema.optional(),
  text_color: hexColorSchema.optional(),
});
export type WarehouseEdit = z.infer<typeof warehouseEditSchema>;

export const staffMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const carSchema = z.object({ id: z.number().int(), name: z.string(), hex_color: z.string() });
export type Car = z.infer<typeof carSchema>;

export const warehouseAddressSchema = z.object({
  full_address: z.string(),
  town: z.string(),
  zip_code: z.string(),
  country: z.string(),
  gps_lat: z.number(),
  gps_lon: z.number(),
});

export const warehouseSummarySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    address: warehouseAddressSchema,
    color: z.string(),
    text_color: z.string(),
    hidden: z.boolean(),
  })
  .meta({ id: 'WarehouseSummary' });
export type WarehouseSummary = z.infer<typeof warehouseSummarySchema>;

export const warehouseSchema = warehouseSummarySchema
  .extend({
    drivers: z.array(staffMemberSchema),
    warehousemen: z.array(staffMemberSchema),
    cars: z.array(carSchema),
    version: z.number().int(),
  })
  .meta({ id: 'Warehouse' });
export type Warehouse = z.infer<typeof warehouseSchema>;

export const warehouseAnswerSchema = z.object({ item: warehouseSchema });

export const warehouseListQuerySchema = pagingQuerySchema.extend({
  name: z.string().trim().max(100).optional(),
  /** `true` lists hidden warehouses too (domain.md §2.4: hidden is a soft removal). */
  hidden: z.enum(['true', 'false']).optional(),
});
export const warehouseListAnswerSchema = pagedAnswer(warehouseSummarySchema);

export const ownWarehouseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  text_color: z.string(),
});
export const ownWarehousesAnswerSchema = z.object({ items: z.array(ownWarehouseSchema) });
export const staffAnswerSchema = z.object({ items: z.array(staffMemberSchema) });

/** Black or white text, whichever reads better on the colour (WCAG relative luminance). */
export function textColorFor(hex: string): '#000000' | '#ffffff' {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

/** Colours given to new warehouses in turn when the form sends none. */
export const warehousePalette = ['#2f9e44', '#1971c2', '#e8590c', '#9c36b5', '#c2255c', '#0c8599'] as const;
