import { z } from 'zod';
import { clockSchema, daySchema, pagedAnswer, pagingQuerySchema } from './common.ts';
import { periodProblems } from './rules/vacation-period.ts';

/**
 * Vacations of warehouses (closures) and of drivers (domain.md §2.2, §2.3, §2.7) and what the calendar
 * draws of them (domain.md §1.3, §1.7: get-vacations, get-drivers-vacations).
 */

const id = z.number().int().positive().max(2147483647);
/** An hour of the day, HH:mm (00:00–23:59). */

/** domain.md §2.5: the `from` date never after the `to` date; each bad field is named. */
function checkPeriod(
  value: { vacation_from: string; vacation_to: string; from_time?: string | null; to_time?: string | null },
  ctx: z.RefinementCtx,
) {
  // Runs also when a field failed its own check: compare only real days and hours.
  const days = [value.vacation_from, value.vacation_to];
  const times = [value.from_time, value.to_time].filter((t) => t !== null && t !== undefined);
  if (!days.every((d) => daySchema.safeParse(d).success)) return;
  if (!times.every((t) => clockSchema.safeParse(t).success)) return;
  for (const field of periodProblems(value)) {
    ctx.addIssue({ code: 'custom', path: [field], message: 'the vacation ends before it starts' });
  }
}

/** Whose vacations: a warehouse's (a closure) or a user's (a driver's), domain.md §2.2. */
export type VacationSubject = 'user' | 'warehouse';

export const vacationWarehouseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  text_color: z.string(),
});

export const vacationUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
});

/**
 * The schemas of one subject's vacations (decision 0060: one flow for warehouses and drivers). Both
 * are a period of days, both included, with a version and an active flag; a subject adds whose
 * vacation it is, and a closure its hours within the first and the last day.
 */
function vacationSchemas<
  const Id extends string,
  Owner extends z.ZodRawShape,
  Hours extends z.ZodRawShape,
  OwnerInput extends z.ZodRawShape,
  HoursInput extends z.ZodRawShape,
  const Filter extends string,
>(spec: {
  /** The answer's name among the OpenAPI document's schemas. */
  id: Id;
  /** Whose vacation it is, as answered. */
  owner: Owner;
  /** The hours of the first and the last day, as answered. */
  hours: Hours;
  /** Whose vacation it is, as sent by add and edit. */
  ownerInput: OwnerInput;
  /** The hours, as sent. */
  hoursInput: HoursInput;
  /** The list's filter by whose vacations. */
  filter: Filter;
  /** What the owner's fields must meet together, checked before the period. */
  checkOwner?: (value: Record<string, unknown>, ctx: z.RefinementCtx) => void;
}) {
  const input = z
    .object({
      ...spec.ownerInput,
      vacation_from: daySchema,
      vacation_to: daySchema,
      ...spec.hoursInput,
      /** Optimistic concurrency on edit: the version the form was loaded with. */
      version: z.number().int().positive().max(2147483647).optional(),
    })
    .superRefine((value, ctx) => {
      spec.checkOwner?.(value, ctx);
      checkPeriod(value as Parameters<typeof checkPeriod>[0], ctx);
    });
  const item = z
    .object({
      id: z.number().int(),
      ...spec.owner,
      vacation_from: z.string(),
      vacation_to: z.string(),
      ...spec.hours,
      /** False once deactivated: gone from the lists and the calendar, still readable by id. */
      active: z.boolean(),
      version: z.number().int(),
    })
    .meta({ id: spec.id });
  const filter = { [spec.filter]: z.coerce.number().int().positive().max(2147483647).optional() };
  return {
    input,
    item,
    listQuery: pagingQuerySchema.extend(filter as Record<Filter, (typeof filter)[string]>),
    listAnswer: pagedAnswer(item),
    answer: z.object({ item }),
  };
}

/**
 * POST /warehouse_vacation/add and PUT /warehouse_vacation/{id}/edit. Days are both included;
 * `from_time` (on the first day) and `to_time` (on the last day) make a closure of hours, and
 * left out they mean from the start of the first day and to the end of the last.
 */
const warehouseVacationSchemas = vacationSchemas({
  id: 'WarehouseVacation',
  owner: { warehouse: vacationWarehouseSchema },
  hours: { from_time: z.string().nullable(), to_time: z.string().nullable() },
  ownerInput: { warehouse: id },
  hoursInput: { from_time: clockSchema.nullable().optional(), to_time: clockSchema.nullable().optional() },
  filter: 'warehouse',
});

/**
 * POST /user_vacation/add takes domain.md's `driver`, PUT /user_vacation/{id}/edit domain.md's
 * `user` (domain.md §2.7); both calls accept either name for the same user id. Whole days only.
 */
const userVacationSchemas = vacationSchemas({
  id: 'UserVacation',
  owner: { user: vacationUserSchema },
  hours: {},
  ownerInput: { driver: id.optional(), user: id.optional() },
  hoursInput: {},
  filter: 'user',
  checkOwner: (value, ctx) => {
    if (value.driver === undefined && value.user === undefined) {
      ctx.addIssue({ code: 'custom', path: ['driver'], message: 'driver (or user) is required' });
    } else if (value.driver !== undefined && value.user !== undefined && value.driver !== value.user) {
      ctx.addIssue({ code: 'custom', path: ['driver'], message: 'driver and user name different users' });
    }
  },
});

export const warehouseVacationInputSchema = warehouseVacationSchemas.input;
export type WarehouseVacationInput = z.infer<typeof warehouseVacationInputSchema>;
export const userVacationInputSchema = userVacationSchemas.input;
export type UserVacationInput = z.infer<typeof userVacationInputSchema>;

export const warehouseVacationSchema = warehouseVacationSchemas.item;
export type WarehouseVacation = z.infer<typeof warehouseVacationSchema>;
export const userVacationSchema = userVacationSchemas.item;
export type UserVacation = z.infer<typeof userVacationSchema>;

export const warehouseVacationListQuerySchema = warehouseVacationSchemas.listQuery;
export type WarehouseVacationListQuery = z.infer<typeof warehouseVacationListQuerySchema>;
export const userVacationListQuerySchema = userVacationSchemas.listQuery;
export type UserVacationListQuery = z.infer<typeof userVacationListQuerySchema>;

export const warehouseVacationListAnswerSchema = warehouseVacationSchemas.listAnswer;
export const userVacationListAnswerSchema = userVacationSchemas.listAnswer;
export const warehouseVacationAnswerSchema = warehouseVacationSchemas.answer;
export const userVacationAnswerSchema = userVacationSchemas.answer;

/** The calendar asks for at most this many days at once (a week is 7, a month view 42). */
export const calendarMaxDays = 62;

/**
 * A list in a query string: repeated (`dates=a&dates=b`), comma-separated (`dates=a,b`) or
 * both, as different HTTP clients send them.
 */
const queryList = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess(
    (raw) =>
      (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
        .flatMap((v) => String(v).split(','))
        .map((v) => v.trim())
        .filter(Boolean),
    z.array(item).max(max),
  );

/** GET /api/get-vacations: the selected warehouses and the days of the week shown. */
export const calendarVacationsQuerySchema = z.object({
  warehouses: queryList(z.coerce.number().int().positive().max(2147483647), 1000),
  dates: queryList(daySchema, calendarMaxDays),
});
/** GET /api/get-drivers-vacations */
export const calendarDriversVacationsQuerySchema = z.object({
  dates: queryList(daySchema, calendarMaxDays),
});

/** One day of a warehouse closure on the calendar (domain.md §1.3); `id` is the vacation's. */
export const calendarClosureSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  from_time: z.string(),
  /** Minutes from `from_time` on that day. */
  duration: z.number().int(),
  warehouse: vacationWarehouseSchema,
});
export type CalendarClosure = z.infer<typeof calendarClosureSchema>;

/** One day of a driver's vacation on the calendar (domain.md §1.3); `id` is the vacation's. */
export const calendarDriverVacationSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  name: z.string(),
  hex_color: z.string(),
  user_id: z.number().int(),
});
export type CalendarDriverVacation = z.infer<typeof calendarDriverVacationSchema>;

export const calendarClosuresAnswerSchema = z.object({ data: z.array(calendarClosureSchema) });
export const calendarDriverVacationsAnswerSchema = z.object({ data: z.array(calendarDriverVacationSchema) });

/** Colours of drivers on the calendar, chosen by user id so that a driver keeps one colour. */
export const driverPalette = [
  '#e03131',
  '#1971c2',
  '#2f9e44',
  '#f08c00',
  '#9c36b5',
  '#0c8599',
  '#c2255c',
  '#5c940d',
] as const;
export const driverColor = (userId: number): string =>
  driverPalette[userId % driverPalette.length] ?? driverPalette[0];
