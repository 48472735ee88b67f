import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * The reference lists of the transportation form (domain.md §2.3 "Reference data"). `name_key` is the
 * name without white space in lower case (contracts `referenceKey`, computed in the app so that
 * PGlite's C collation and a server's locale agree): a text typed under "Other" finds its entry.
 */
const referenceTable = (name: string) =>
  pgTable(
    name,
    {
      id: serial('id').primaryKey(),
      name: text('name').notNull(),
      nameKey: text('name_key').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [
      uniqueIndex(`${name}_name_key_uq`).on(t.nameKey),
      check(`${name}_name_check`, sql`${t.name} <> ''`),
    ],
  );

/** "Wood transport for": the company the haul is done for. */
export const transportRecipients = referenceTable('transport_recipients');
/** The buyer of the wood; new ones come from the form's "Other". */
export const transportSubscribers = referenceTable('transport_subscribers');
/** Wood assortments (sortiment): "Smrková kulatina", "Borová vláknina", … */
export const woodTypes = referenceTable('wood_types');
/** Licence plates (SPZ) of the trucks; new ones come from the form's "Other". */
export const licencePlates = referenceTable('licence_plates');

/**
 * A wood haul (domain.md §2.3 Transportation). `load_choice` is who loaded a bezrukaceTransport, with
 * `load_choice_text` for `other`. No status: a haul is recorded, corrected and deleted.
 */
export const transportations = pgTable(
  'transportations',
  {
    id: serial('id').primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    loadType: text('load_type', { enum: ['Standardní', 'bezrukaceTransport'] }).notNull(),
    loadChoice: text('load_choice', { enum: ['LesProfi', 'Polácinaši', 'LogrealPešek', 'other'] }),
    loadChoiceText: text('load_choice_text'),
    driverId: integer('driver_id').references(() => users.id, { onDelete: 'set null' }),
    recipientId: integer('recipient_id').references(() => transportRecipients.id),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => transportSubscribers.id),
    woodTypeId: integer('wood_type_id').references(() => woodTypes.id),
    licencePlateId: integer('licence_plate_id')
      .notNull()
      .references(() => licencePlates.id),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list, newest haul first, walks this index backwards.
    index('transportations_day_idx').on(t.day, t.id),
    check('transportations_load_type_check', sql`${t.loadType} in ('Standardní', 'bezrukaceTransport')`),
    check(
      'transportations_load_choice_check',
      sql`(${t.loadType} = 'Standardní' and ${t.loadChoice} is null) or (${t.loadType} = 'bezrukaceTransport' and ${t.loadChoice} in ('LesProfi', 'Polácinaši', 'LogrealPešek', 'other'))`,
    ),
    check(
      'transportations_load_choice_text_check',
      sql`(${t.loadChoice} = 'other') = (${t.loadChoiceText} is not null)`,
    ),
  ],
);

/** CMR or wagon numbers of a haul with their amounts, in the order typed. */
export const transportationCmrs = pgTable(
  'transportation_cmrs',
  {
    id: serial('id').primaryKey(),
    transportationId: integer('transportation_id')
      .notNull()
      .references(() => transportations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    number: text('number').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }),
  },
  (t) => [
    index('transportation_cmrs_transportation_idx').on(t.transportationId, t.position),
    check('transportation_cmrs_amount_check', sql`${t.amount} >= 0`),
  ],
);

/** Places of loading and of delivery of a haul, each list in the order typed. */
export const transportationPlaces = pgTable(
  'transportation_places',
  {
    id: serial('id').primaryKey(),
    transportationId: integer('transportation_id')
      .notNull()
      .references(() => transportations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['loading', 'unloading'] }).notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    index('transportation_places_transportation_idx').on(t.transportationId, t.kind, t.position),
    check('transportation_places_kind_check', sql`${t.kind} in ('loading', 'unloading')`),
  ],
);
