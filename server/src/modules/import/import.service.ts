import { createHash } from 'node:crypto';
import { customerAddSchema, customerSchema } from '@letokruh/contracts/customers';
import { productAddSchema, productDetailSchema, productSchema } from '@letokruh/contracts/products';
import { adtypeSchema, supplierInputSchema, supplierSchema } from '@letokruh/contracts/reference';
import { productStockSchema } from '@letokruh/contracts/stock';
import { userEditSchema, userItemSchema, usernameSchema } from '@letokruh/contracts/users';
import { warehouseAddSchema, warehouseSchema, warehouseSummarySchema } from '@letokruh/contracts/warehouses';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import * as q from './import.queries.ts';
import { type OldSystem, ReadFailure } from './old-system.ts';

/**
 * Moving in from the old system through its API
 * (docs/decisions/0085-moving-in-from-the-old-system-through-its-api.md). Each entity is read page
 * by page; every record is checked with the contracts' schemas; a page's records are written in
 * one transaction together with their old ids (`import_ids`), each record in a savepoint of its
 * own, so that one refused by the database is reported and the others stay. A record whose
 * fingerprint equals the last written one is not written again.
 */
export const importEntities = [
  'users',
  'warehouses',
  'suppliers',
  'adtypes',
  'customers',
  'products',
  'stock',
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
export type Progress = (entity: ImportEntity, counts: Counts, elapsedMs: number) => void;

export type ImportOptions = {
  only?: ImportEntity[];
  dryRun?: boolean;
  /** Records per page read and per transaction written (the API's page sizes: 10 … 1000). */
  pageSize?: 10 | 20 | 50 | 100 | 1000;
  progress?: Progress;
};

export type ImportResult = { counts: Record<string, Counts>; problems: Problem[]; dryRun: boolean };

type Written = {
  oldId: string;
  fingerprint: string;
  write(tx: DbOrTx, existing: number | undefined): Promise<number>;
};
type Checked = Written | { oldId: string; problem: string };
type Page = { items: unknown[]; total: number } | ReadFailure;

class DryRunRollback extends Error {}

const fingerprintOf = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url');
const issuesText = (issues: z.core.$ZodIssue[]) =>
  issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || 'record'}: ${i.message}`)
    .join('; ');
const oldIdOf = (raw: unknown) =>
  raw && typeof raw === 'object' && 'id' in raw ? String((raw as { id: unknown }).id) : null;

/** The pages of a list call, until `total` is read, an empty page, or the API's row cap. */
async function* pagesOf(old: OldSystem, path: string, pageSize: number): AsyncGenerator<Page> {
  const join = path.includes('?') ? '&' : '?';
  for (let page = 1; ; page++) {
    // domain.md §1.7 lists answer at most the first 10 000 rows of a filter (`listTotalCap`).
    if ((page - 1) * pageSize >= 10_000) return;
    let answer: { items?: unknown[]; total?: number };
    try {
      answer = await old.get(`${path}${join}per_page=${pageSize}&current_page=${page}`);
    } catch (error) {
      if (!(error instanceof ReadFailure)) throw error;
      yield error;
      continue;
    }
    const items = Array.isArray(answer.items) ? answer.items : [];
    yield { items, total: typeof answer.total === 'number' ? answer.total : items.length };
    if (items.length < pageSize || page * pageSize >= (answer.total ?? 0)) return;
  }
}

async function* onePage(old: OldSystem, path: string): AsyncGenerator<Page> {
  try {
    const answer = await old.get<{ items?: unknown[] }>(path);
    const items = Array.isArray(answer.items) ? answer.items : [];
    yield { items, total: items.length };
  } catch (error) {
    if (!(error instanceof ReadFailure)) throw error;
    yield error;
  }
}

type Step = {
  entity: ImportEntity;
  pages(old: OldSystem, pageSize: number, db: DbOrTx): AsyncGenerator<Page>;
  /** Checks one record and says how to write it; may read more from the old system. */
  check(raw: unknown, db: DbOrTx, old: OldSystem): Promise<Checked>;
  /** Once every page is written. */
  finish?(db: DbOrTx): Promise<void>;
};

/** Old ids of another entity, mapped to ids here; an id never imported is a problem of the record. */
async function mapIds(db: DbOrTx, entity: ImportEntity, oldIds: number[]) {
  const found = await q.findMappings(db, entity, oldIds.map(String));
  const missing = oldIds.filter((id) => !found.has(String(id)));
  return { ids: oldIds.map((id) => found.get(String(id))?.newId).filter((id) => id !== undefined), missing };
}

const refused = (raw: unknown, problem: string): Checked => ({ oldId: oldIdOf(raw) ?? '?', problem });

const usersStep: Step = {
  entity: 'users',
  pages: (old, size) => pagesOf(old, '/users', size),
  async check(raw) {
    const user = userItemSchema.safeParse(raw);
    if (!user.success) return refused(raw, issuesText(user.error.issues));
    const u = user.data;
    const fields = userEditSchema.safeParse({ ...u, functions: u.functions.map((f) => f.name), version: 1 });
    const name = usernameSchema.safeParse(u.username);
    if (!fields.success) return refused(raw, issuesText(fields.error.issues));
    if (!name.success) return refused(raw, `username: ${issuesText(name.error.issues)}`);
    const f = fields.data;
    const values = {
      username: name.data,
      firstName: f.first_name,
      lastName: f.last_name,
      email: f.email,
      phone: f.phone,
      isActive: u.is_active,
      maximumOrderCount: f.functions.includes('technical_specialist') ? u.maximum_order_count : null,
    };
    return {
      oldId: String(u.id),
      fingerprint: fingerprintOf([values, f.functions]),
      async write(tx, existing) {
        // Passwords cannot be read through the API: a user brought over has none that matches
        // anything ("!" is no hash), and must set one before signing in.
        const id = await q.upsertUser(tx, existing ?? (await q.findUserIdByUsername(tx, values.username)), {
          ...values,
          passwordHash: '!',
          mustChangePassword: true,
        });
        await q.replaceUserFunctions(tx, id, f.functions);
        return id;
      },
    };
  },
};

const warehousesStep: Step = {
  entity: 'warehouses',
  pages: (old, size) => pagesOf(old, '/warehouses?hidden=true', size),
  async check(raw, db, old) {
    const summary = warehouseSummarySchema.safeParse(raw);
    if (!summary.success) return refused(raw, issuesText(summary.error.issues));
    const detail = warehouseSchema.safeParse(
      (await old.get<{ item: unknown }>(`/warehouse/${summary.data.id}`)).item,
    );
    if (!detail.success) return refused(raw, issuesText(detail.error.issues));
    const w = detail.data;
    const form = warehouseAddSchema.safeParse({
      name: w.name,
      address: w.address.full_address,
      town: w.address.town,
      zip: w.address.zip_code,
      country: w.address.country,
      lat: w.address.gps_lat,
      lon: w.address.gps_lon,
      color: w.color,
      text_color: w.text_color,
      cars: w.cars.map((c) => ({ name: c.name, hex_color: c.hex_color })),
    });
    if (!form.success) return refused(raw, issuesText(form.error.issues));
    const drivers = await mapIds(
      db,
      'users',
      w.drivers.map((s) => s.id),
    );
    const warehousemen = await mapIds(
      db,
      'users',
      w.warehousemen.map((s) => s.id),
    );
    const missing = [...drivers.missing, ...warehousemen.missing];
    if (missing.length) return refused(raw, `staff not imported (old user ids ${missing.join(', ')})`);
    const values = {
      name: form.data.name,
      fullAddress: form.data.address,
      town: form.data.town,
      zipCode: form.data.zip,
      country: form.data.country,
      gpsLat: form.data.lat,
      gpsLon: form.data.lon,
      color: w.color,
      textColor: w.text_color,
      hidden: w.hidden,
    };
    return {
      oldId: String(w.id),
      fingerprint: fingerprintOf([values, drivers.ids, warehousemen.ids, w.cars]),
      async write(tx, existing) {
        const id = await q.upsertWarehouse(tx, existing, values);
        await q.replaceStaff(tx, id, 'driver', drivers.ids);
        await q.replaceStaff(tx, id, 'warehouseman', warehousemen.ids);
        const known = await q.findMappings(
          tx,
          'cars',
          w.cars.map((c) => String(c.id)),
        );
        const kept: number[] = [];
        for (const car of w.cars) {
          const carId = await q.upsertCar(tx, known.get(String(car.id))?.newId, {
            warehouseId: id,
            name: car.name,
            hexColor: car.hex_color,
            retired: false,
          });
          await q.saveMapping(tx, 'cars', String(car.id), carId, fingerprintOf(car));
          kept.push(carId);
        }
        await q.retireOtherCars(tx, id, kept);
        return id;
      },
    };
  },
};

const suppliersStep: Step = {
  entity: 'suppliers',
  pages: (old) => onePage(old, '/suppliers'),
  async check(raw) {
    const supplier = supplierSchema.safeParse(raw);
    if (!supplier.success) return refused(raw, issuesText(supplier.error.issues));
    const s = supplier.data;
    const input = supplierInputSchema.safeParse({ ...s, country: 'CZ' });
    if (!input.success) return refused(raw, issuesText(input.error.issues));
    const i = input.data;
    const values = {
      name: i.name,
      bankAccount: i.bank_account,
      bankCode: i.bank_code,
      fullAddress: i.full_address ?? '',
      town: i.town ?? '',
      zipCode: i.zip_code ?? '',
      country: 'CZ',
      ico: i.ico ?? '',
      dic: i.dic ?? '',
      registerEntry: i.register_entry ?? '',
      email: i.email ?? '',
      phone: i.phone ?? '',
      vatPayer: i.vat_payer ?? false,
      active: s.active,
    };
    return {
      oldId: String(s.id),
      fingerprint: fingerprintOf(values),
      write: (tx, existing) => q.upsertSupplier(tx, existing, values),
    };
  },
};

const adtypesStep: Step = {
  entity: 'adtypes',
  pages: (old) => onePage(old, '/adtypes'),
  async check(raw) {
    const adtype = adtypeSchema.safeParse(raw);
    if (!adtype.success) return refused(raw, issuesText(adtype.error.issues));
    const values = { name: adtype.data.name.trim(), active: adtype.data.active };
    if (!values.name) return refused(raw, 'name: empty');
    return {
      oldId: String(adtype.data.id),
      fingerprint: fingerprintOf(values),
      write: (tx, existing) => q.upsertAdtype(tx, existing, values),
    };
  },
};

const customersStep: Step = {
  entity: 'customers',
  pages: (old, size) => pagesOf(old, '/customers', size),
  async check(raw) {
    const customer = customerSchema.safeParse(raw);
    if (!customer.success) return refused(raw, issuesText(customer.error.issues));
    const c = customer.data;
    const form = customerAddSchema.safeParse({
      firstName: c.first_name,
      lastName: c.last_name,
      organizationId: c.organization_id,
      organizationName: c.organization_name,
      vatId: c.vat_id,
      phonePrefix: c.pre_phone,
      phone: c.phone,
      email: c.email,
      address: c.address.full_address,
      town: c.address.town,
      zip: c.address.zip_code,
      country: c.address.country,
      lat: c.address.gps_lat,
      lon: c.address.gps_lon,
    });
    if (!form.success) return refused(raw, issuesText(form.error.issues));
    const f = form.data;
    const values = {
      internId: c.intern_id,
      firstName: f.firstName,
      lastName: f.lastName,
      organizationId: f.organizationId,
      organizationName: f.organizationName,
      vatId: f.vatId,
      email: f.email,
      prePhone: c.pre_phone,
      phone: c.phone,
      fullAddress: f.address,
      town: f.town,
      zipCode: f.zip,
      country: f.country,
      gpsLat: f.lat,
      gpsLon: f.lon,
      toContact: c.to_contact,
    };
    return {
      oldId: String(c.id),
      fingerprint: fingerprintOf(values),
      write: (tx, existing) => q.upsertCustomer(tx, existing, values),
    };
  },
  finish: (db) => q.advanceCustomerNumbers(db),
};

const productsStep: Step = {
  entity: 'products',
  pages: (old, size) => pagesOf(old, '/products', size),
  async check(raw, db, old) {
    const listed = productSchema.safeParse(raw);
    if (!listed.success) return refused(raw, issuesText(listed.error.issues));
    const detail = productDetailSchema.safeParse(
      (await old.get<{ item: unknown }>(`/product/${listed.data.id}`)).item,
    );
    if (!detail.success) return refused(raw, issuesText(detail.error.issues));
    const p = detail.data;
    const form = productAddSchema.safeParse({ ...p, priceForm: [] });
    if (!form.success) return refused(raw, issuesText(form.error.issues));
    const history = [...p.price_history].sort((a, b) => a.created.localeCompare(b.created) || a.id - b.id);
    const warehouses = await mapIds(db, 'warehouses', [...new Set(history.map((h) => h.warehouse.id))]);
    if (warehouses.missing.length) {
      return refused(raw, `prices of warehouses not imported (old ids ${warehouses.missing.join(', ')})`);
    }
    const warehouseOf = await q.findMappings(
      db,
      'warehouses',
      history.map((h) => String(h.warehouse.id)),
    );
    const values = {
      name: form.data.name,
      shortenName: form.data.shorten_name,
      type: form.data.type,
      subtype: form.data.subtype,
      length: form.data.length,
      measurementUnit: form.data.measurement_unit,
      description: form.data.description,
      hidden: p.hidden,
    };
    const prices = history.map((h) => ({
      warehouseId: warehouseOf.get(String(h.warehouse.id))!.newId,
      currency: h.currency,
      price: h.amount,
      vat: h.vat,
      fromDate: h.from_date,
      createdAt: new Date(h.created),
    }));
    return {
      oldId: String(p.id),
      fingerprint: fingerprintOf([values, prices]),
      async write(tx, existing) {
        const id = await q.upsertProduct(tx, existing, values);
        await q.replacePrices(
          tx,
          id,
          prices.map((price) => ({ ...price, productId: id })),
        );
        return id;
      },
    };
  },
};

/**
 * Stock: per warehouse brought over, its products' amounts; one `opening_balance` ledger row per
 * product and warehouse, and on a later run one more row of the difference when the old amount
 * changed, so that the ledger's sum equals the old amount.
 */
const stockStep: Step = {
  entity: 'stock',
  async *pages(old, size, db) {
    for (let page = 1; ; page++) {
      const answer = await old.get<{ items: unknown[]; total: number }>(
        `/warehouses?hidden=true&per_page=100&current_page=${page}`,
      );
      for (const warehouse of answer.items) {
        const oldWarehouse = oldIdOf(warehouse);
        if (!oldWarehouse || !(await q.findMappings(db, 'warehouses', [oldWarehouse])).has(oldWarehouse))
          continue;
        for await (const stockPage of pagesOf(old, `/warehouse/${oldWarehouse}/product_stock`, size)) {
          yield stockPage instanceof ReadFailure
            ? stockPage
            : {
                ...stockPage,
                items: stockPage.items.map((item) => ({ item, warehouse: Number(oldWarehouse) })),
              };
        }
      }
      if (answer.items.length < 100) return;
    }
  },
  async check(raw, db) {
    const { item, warehouse } = raw as { item: unknown; warehouse: number };
    const stock = productStockSchema.safeParse(item);
    if (!stock.success) return { oldId: `${warehouse}:?`, problem: issuesText(stock.error.issues) };
    const oldId = `${warehouse}:${stock.data.product.id}`;
    const amount = Math.round(stock.data.amount * 100) / 100;
    const product = (await q.findMappings(db, 'products', [String(stock.data.product.id)])).get(
      String(stock.data.product.id),
    );
    if (!product) return { oldId, problem: `product not imported (old id ${stock.data.product.id})` };
    const warehouseId = (await q.findMappings(db, 'warehouses', [String(warehouse)])).get(
      String(warehouse),
    )!.newId;
    const before = (await q.findMappings(db, 'stock', [oldId])).get(oldId);
    return {
      oldId,
      fingerprint: String(amount),
      async write(tx) {
        const previous = before ? Number(before.fingerprint) : 0;
        await q.addOpeningBalance(
          tx,
          warehouseId,
          product.newId,
          Math.round((amount - previous) * 100) / 100,
        );
        return product.newId;
      },
    };
  },
};

const steps: Step[] = [
  usersStep,
  warehousesStep,
  suppliersStep,
  adtypesStep,
  customersStep,
  productsStep,
  stockStep,
];

export async function importFromOldSystem(
  db: Db,
  old: OldSystem,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const result: ImportResult = { counts: {}, problems: [], dryRun: Boolean(options.dryRun) };
  const run = async (target: Db) => {
    for (const step of steps) {
      if (options.only && !options.only.includes(step.entity)) continue;
      await runStep(target, old, step, options, result);
    }
  };
  if (!options.dryRun) {
    await run(db);
    return result;
  }
  // A dry run writes the way a real one would, inside one transaction that is then rolled back:
  // its counts are the real run's, and later entities find the earlier ones' ids.
  await db
    .transaction(async (tx) => {
      await run(tx as unknown as Db);
      throw new DryRunRollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof DryRunRollback)) throw error;
    });
  return result;
}

async function runStep(db: Db, old: OldSystem, step: Step, options: ImportOptions, result: ImportResult) {
  const counts: Counts = { total: 0, read: 0, added: 0, updated: 0, unchanged: 0, refused: 0 };
  result.counts[step.entity] = counts;
  const started = Date.now();
  const problem = (oldId: string | null, reason: string) => {
    counts.refused++;
    result.problems.push({ entity: step.entity, old_id: oldId, reason });
  };
  for await (const page of step.pages(old, options.pageSize ?? 100, db)) {
    if (page instanceof ReadFailure) {
      result.problems.push({ entity: step.entity, old_id: null, reason: `page not read: ${page.message}` });
      continue;
    }
    counts.total = Math.max(counts.total, page.total);
    const checked: Checked[] = [];
    for (const raw of page.items) {
      try {
        checked.push(await step.check(raw, db, old));
      } catch (error) {
        checked.push(refused(raw, error instanceof Error ? error.message : String(error)));
      }
    }
    counts.read += page.items.length;
    const writable = checked.filter((c): c is Written => 'write' in c);
    for (const c of checked) if ('problem' in c) problem(c.oldId, c.problem);
    const known = await q.findMappings(
      db,
      step.entity,
      writable.map((w) => w.oldId),
    );
    const toWrite = writable.filter((w) => known.get(w.oldId)?.fingerprint !== w.fingerprint);
    counts.unchanged += writable.length - toWrite.length;
    if (toWrite.length) await writePage(db, step.entity, toWrite, known, counts, problem);
    options.progress?.(step.entity, counts, Date.now() - started);
  }
  await step.finish?.(db);
  if (counts.read === 0) options.progress?.(step.entity, counts, Date.now() - started);
}

/**
 * One page, one transaction: a run killed here leaves none of it, and the next run writes it. The
 * page is first written straight; only when the database refuses a record is it written again
 * record by record, each in a savepoint, so that the refused one is reported and the rest stays.
 */
async function writePage(
  db: Db,
  entity: ImportEntity,
  records: Written[],
  known: Map<string, q.Mapping>,
  counts: Counts,
  problem: (oldId: string, reason: string) => void,
) {
  const writeOne = async (tx: DbOrTx, record: Written) => {
    const id = await record.write(tx, known.get(record.oldId)?.newId);
    await q.saveMapping(tx, entity, record.oldId, id, record.fingerprint);
  };
  const count = (record: Written) => {
    if (known.has(record.oldId)) counts.updated++;
    else counts.added++;
  };
  try {
    await db.transaction(async (tx) => {
      for (const record of records) await writeOne(tx, record);
    });
    records.forEach(count);
    return;
  } catch {
    // Written again below, one savepoint a record.
  }
  await db.transaction(async (tx) => {
    for (const record of records) {
      try {
        await tx.transaction((savepoint) => writeOne(savepoint, record));
        count(record);
      } catch (error) {
        problem(record.oldId, `not written: ${databaseReason(error)}`);
      }
    }
  });
}

function databaseReason(error: unknown): string {
  const cause = (error as { cause?: { message?: string; detail?: string } })?.cause;
  const message = cause?.message ?? (error instanceof Error ? error.message : String(error));
  return cause?.detail ? `${message} (${cause.detail})` : message.split('\n')[0]!;
}
