import { z } from 'zod';
import { dayBounds, daySchema, pagedAnswer, pagingQuerySchema } from './common.ts';
import { fileSchema } from './files.ts';
import { parseDay } from './rules/format.ts';

/**
 * Transportations: wood hauls with their CMR or wagon numbers, places, plate and parties
 * (domain.md §2.2, §2.3 "Transportation (read)" and "Transportation payload", §2.5, §2.7).
 */

/** domain.md §2.2: the transport type radio; the values are domain.md's words. */
export const transportTypes = ['Standardní', 'bezrukaceTransport'] as const;
export type TransportType = (typeof transportTypes)[number];

/** domain.md §2.9: who loaded a bezrukaceTransport; `other` comes with a free text. */
export const transportChoices = ['LesProfi', 'Polácinaši', 'LogrealPešek', 'other'] as const;
export type TransportChoice = (typeof transportChoices)[number];

/** domain.md §2.9: transport files are Dodací list or Jiné. */
export const transportationFileTypes = ['Dodací list', 'Jiné'] as const;

const id = z.number().int().positive().max(2147483647);

/**
 * The key under which a free-text reference entry (a subscriber or plate typed under "Other") is
 * matched: case and white space do not count, so "1j2 3456" finds "1J2 3456".
 */
export const referenceKey = (name: string) =>
  name.normalize('NFC').replace(/\s+/g, '').toLocaleLowerCase('cs');

/** Accepts the ISO day (YYYY-MM-DD) and the server's day.month.year; hands on the ISO day. */
export const transportDaySchema = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const iso = /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : parseDay(text);
    if (!iso || !daySchema.safeParse(iso).success) {
      ctx.addIssue({
        code: 'custom',
        message: `a day as YYYY-MM-DD or D.M.YYYY (${dayBounds.first}–${dayBounds.last})`,
      });
      return z.NEVER;
    }
    return iso;
  });

/** A reference picked by id, or a new one typed under "Other" (domain.md §2.3: "id or free text"). */
const idOrText = (max: number) => z.union([id, z.string().trim().min(1).max(max)]);

const text = (max: number) => z.string().trim().max(max);

/**
 * POST /transportation/add and PUT /transportation/{id}/edit, with domain.md's names. Subscriber,
 * date and plate are required (domain.md §2.5); a bezrukaceTransport needs who loaded it, and `other`
 * its text. Empty CMR rows and empty places are dropped.
 */
export const transportationPayloadSchema = z
  .object({
    transportType: z.object({
      transportType: z.enum(transportTypes),
      choice: z.enum(transportChoices).nullable().optional(),
      differentChoice: text(200).nullable().optional(),
    }),
    date: transportDaySchema,
    driver: id.nullable().optional(),
    cmrOrWagon: z
      .array(
        z.object({
          cmrOrWagon: text(100).default(''),
          /** domain.md §2.5: a number, at least 0. */
          amount: z.number().min(0).max(1_000_000).nullable().optional(),
        }),
      )
      .max(100)
      .default([]),
    loadingUnloading: z
      .array(z.object({ loading: text(200).default(''), unloading: text(200).default('') }))
      .max(100)
      .default([]),
    spz: idOrText(20),
    recipient: id.nullable().optional(),
    subscriber: idOrText(200),
    sortiment: id.nullable().optional(),
    /** Optimistic concurrency on edit: the version the form was loaded with. */
    version: z.number().int().positive().max(2147483647).optional(),
  })
  .superRefine((value, ctx) => {
    const type = value.transportType;
    if (type.transportType === 'bezrukaceTransport') {
      if (!type.choice) {
        ctx.addIssue({ code: 'custom', path: ['transportType', 'choice'], message: 'who loaded it' });
      } else if (type.choice === 'other' && !type.differentChoice) {
        ctx.addIssue({ code: 'custom', path: ['transportType', 'differentChoice'], message: 'required' });
      }
    }
    value.cmrOrWagon.forEach((row, i) => {
      if (!row.cmrOrWagon && row.amount !== null && row.amount !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['cmrOrWagon', i, 'cmrOrWagon'],
          message: 'an amount needs its number',
        });
      }
    });
  });
export type TransportationPayload = z.input<typeof transportationPayloadSchema>;
export type TransportationInput = z.output<typeof transportationPayloadSchema>;

const named = z.object({ id: z.number().int(), name: z.string() });
export type Named = z.infer<typeof named>;

/** domain.md §2.3 "Transportation (read)"; `date` is the server's day.month.year (domain.md §2.9). */
export const transportationSchema = z
  .object({
    id: z.number().int(),
    date: z.string(),
    load_type: z.object({ name: z.enum(transportTypes), choice: z.string().nullable() }),
    driver: named.nullable(),
    cmr_wagon_number: z.array(
      z.object({ id: z.number().int(), cmr_or_wagon_number: z.string(), amount: z.number().nullable() }),
    ),
    license_plate: named,
    load_location: z.array(named),
    unload_location: z.array(named),
    recipient: named.nullable(),
    subscriber: named,
    wood_type: named.nullable(),
    files: z.array(fileSchema),
    version: z.number().int(),
  })
  .meta({ id: 'Transportation' });
export type Transportation = z.infer<typeof transportationSchema>;

/** A row of GET /transportations: what the list shows and a little more. */
export const transportationSummarySchema = transportationSchema
  .pick({ id: true, date: true, load_type: true, driver: true, license_plate: true, recipient: true })
  .extend({ subscriber: named, wood_type: named.nullable() })
  .meta({ id: 'TransportationSummary' });
export type TransportationSummary = z.infer<typeof transportationSummarySchema>;

export const transportationAnswerSchema = z.object({ item: transportationSchema });
export const transportationListQuerySchema = pagingQuerySchema;
export const transportationListAnswerSchema = pagedAnswer(transportationSummarySchema);

/** GET /transportations/data (domain.md §2.3 "Reference data"). */
export const transportationDataSchema = z.object({
  recipients: z.array(named),
  subscribers: z.array(named),
  wood_types: z.array(named),
  licence_plates: z.array(named),
});
export type TransportationData = z.infer<typeof transportationDataSchema>;
