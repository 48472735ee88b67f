import { customerAddSchema, customerSchema } from '@letokruh/contracts/customers';
import { functionNames, isPermission, type Permission } from '@letokruh/contracts/permissions';
import { productAddSchema, productDetailSchema, productSchema } from '@letokruh/contracts/products';
import { adtypeSchema, supplierInputSchema, supplierSchema } from '@letokruh/contracts/reference';
import { productStockSchema } from '@letokruh/contracts/stock';
import {
  permissionMatrixSchema,
  userEditSchema,
  userItemSchema,
  usernameSchema,
} from '@letokruh/contracts/users';
import { warehouseAddSchema, warehouseSchema, warehouseSummarySchema } from '@letokruh/contracts/warehouses';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { setFunctionPermissions } from '../users/permissions.service.ts';
import * as batch from './batch.queries.ts';
import * as q from './import.queries.ts';
import {
  type Checked,
  defineStep,
  fingerprintOf,
  issuesText,
  Lookup,
  mapIds,
  oldIdOf,
  refused,
} from './import-step.ts';
import { ReadFailure } from './old-system.ts';
import { onePage, pagesOf, partitionedPages, phonePartitions } from './read-pages.ts';

/**
 * The records everything else names: users, the function × permission matrix, warehouses with cars
 * and staff, suppliers, ad types, customers, products with their price history, and the stock
 * (docs/decisions/0085-moving-in-from-the-old-system-through-its-api.md).
 */

export const usersStep = defineStep({
  entity: 'users',
  pages: (old, read) => pagesOf(old, '/users', read.pageSize, read.listCap),
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
      values,
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
});

/**
 * domain.md §3.3 Permissions: the owner may have changed the default matrix; each function gets the
 * old system's list. A codename this system does not know is refused with the function; the
 * owner keeps every permission (the permissions screen's own rule).
 */
export const permissionsStep = defineStep({
  entity: 'permissions',
  async *pages(old) {
    try {
      const matrix = permissionMatrixSchema.safeParse(await old.get('/permissions'));
      if (!matrix.success) {
        yield new ReadFailure('/permissions', issuesText(matrix.error.issues));
        return;
      }
      yield { items: matrix.data.functions, total: matrix.data.functions.length };
    } catch (error) {
      if (!(error instanceof ReadFailure)) throw error;
      yield error;
    }
  },
  async check(raw) {
    const fn = z.object({ name: z.enum(functionNames), permissions: z.array(z.string()) }).safeParse(raw);
    if (!fn.success) return refused(raw, issuesText(fn.error.issues));
    const { name, permissions } = fn.data;
    const unknown = permissions.filter((p) => !isPermission(p));
    if (unknown.length) return { oldId: name, problem: `permissions unknown here: ${unknown.join(', ')}` };
    // The owner keeps every permission here, whatever the old system knew.
    const codes = name === 'owner' ? [] : [...new Set(permissions)].sort();
    return {
      oldId: name,
      fingerprint: fingerprintOf(codes),
      values: codes,
      async write(tx) {
        if (name !== 'owner') {
          await setFunctionPermissions(tx as Db, { name, permissions: codes as Permission[] });
        }
        return q.functionIdOf(tx, name);
      },
    };
  },
});

export const warehousesStep = defineStep({
  entity: 'warehouses',
  pages: (old, read) => pagesOf(old, '/warehouses?hidden=true', read.pageSize, read.listCap),
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
      values,
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
          await q.saveMappings(tx, 'cars', [
            { oldId: String(car.id), newId: carId, fingerprint: fingerprintOf(car) },
          ]);
          kept.push(carId);
        }
        await q.retireOtherCars(tx, id, kept);
        return id;
      },
    };
  },
});

export const suppliersStep = defineStep({
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
      values,
      write: (tx, existing) => q.upsertSupplier(tx, existing, values),
    };
  },
});

export const adtypesStep = defineStep({
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
      values,
      write: (tx, existing) => q.upsertAdtype(tx, existing, values),
    };
  },
});

/**
 * Customers keep their numbers. More than the list answers (its row cap) are read in parts split
 * by the phone (read-pages.ts `phonePartitions`).
 */
export const customersStep = defineStep({
  entity: 'customers',
  async *pages(old, read) {
    const split = await phonePartitions(old, '/customers', read.listCap);
    if (split instanceof ReadFailure) yield split;
    else if (split) yield* partitionedPages(old, '/customers', read.pageSize, split.parts, read.listCap);
    else yield* pagesOf(old, '/customers', read.pageSize, read.listCap);
  },
  async check(raw): Promise<Checked<batch.CustomerValues>> {
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
    const values: batch.CustomerValues = {
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
      values,
      write: (tx, existing) => q.upsertCustomer(tx, existing, values),
    };
  },
  writeMany: (tx, records) => batch.writeCustomers(tx, records),
  finish: (db) => q.advanceCustomerNumbers(db),
});

export const productsStep = defineStep({
  entity: 'products',
  pages: (old, read) => pagesOf(old, '/products', read.pageSize, read.listCap),
  // The prices name warehouses, of which there are few: all of them looked up once per page.
  prepare: async (_items, db) =>
    new Map((await q.listMappings(db, 'warehouses')).map((m) => [m.oldId, m.newId])),
  async check(raw, _db, old, warehouseOf: Map<string, number>) {
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
    const missing = [...new Set(history.map((h) => h.warehouse.id))].filter(
      (id) => !warehouseOf.has(String(id)),
    );
    if (missing.length) {
      return refused(raw, `prices of warehouses not imported (old ids ${missing.join(', ')})`);
    }
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
      warehouseId: warehouseOf.get(String(h.warehouse.id))!,
      currency: h.currency,
      price: h.amount,
      vat: h.vat,
      fromDate: h.from_date,
      createdAt: new Date(h.created),
    }));
    return {
      oldId: String(p.id),
      fingerprint: fingerprintOf([values, prices]),
      values,
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
});

/**
 * Stock: per warehouse brought over, its products' amounts; one `opening_balance` ledger row per
 * product and warehouse, and on a later run one more row of the difference when the old amount
 * changed, so that the ledger's sum equals the old amount. Orders brought over never move stock
 * (docs/decisions/0089-moving-in-orders-files-and-the-rest.md): the old amount is already what
 * their deliveries left.
 */
type StockItem = { item: unknown; warehouse: number };

export const stockStep = defineStep({
  entity: 'stock',
  async *pages(old, read, db) {
    for (let page = 1; ; page++) {
      const answer = await old.get<{ items: unknown[]; total: number }>(
        `/warehouses?hidden=true&per_page=100&current_page=${page}`,
      );
      for (const warehouse of answer.items) {
        const oldWarehouse = oldIdOf(warehouse);
        if (!oldWarehouse || !(await q.findMappings(db, 'warehouses', [oldWarehouse])).has(oldWarehouse))
          continue;
        const path = `/warehouse/${oldWarehouse}/product_stock`;
        for await (const stockPage of pagesOf(old, path, read.pageSize, read.listCap)) {
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
  // The products, warehouses and earlier amounts a page names, looked up once for the page.
  prepare(items, db) {
    const named = (items as StockItem[]).flatMap(({ item, warehouse }) => {
      const product = (item as { product?: { id?: unknown } } | null)?.product?.id;
      return typeof product === 'number' ? [{ product, warehouse }] : [];
    });
    return Lookup.of(db, {
      products: named.map((n) => n.product),
      warehouses: named.map((n) => n.warehouse),
      stock: named.map((n) => `${n.warehouse}:${n.product}`),
    });
  },
  async check(raw, _db, _old, ids: Lookup): Promise<Checked<batch.StockValues>> {
    const { item, warehouse } = raw as StockItem;
    const stock = productStockSchema.safeParse(item);
    if (!stock.success) return { oldId: `${warehouse}:?`, problem: issuesText(stock.error.issues) };
    const oldId = `${warehouse}:${stock.data.product.id}`;
    const amount = Math.round(stock.data.amount * 100) / 100;
    const productId = ids.id('products', stock.data.product.id);
    if (productId === undefined)
      return { oldId, problem: `product not imported (old id ${stock.data.product.id})` };
    const warehouseId = ids.id('warehouses', warehouse)!;
    const before = ids.mapping('stock', oldId);
    const previous = before ? Number(before.fingerprint) : 0;
    const values = { warehouseId, productId, delta: Math.round((amount - previous) * 100) / 100 };
    return {
      oldId,
      fingerprint: String(amount),
      values,
      async write(tx) {
        await q.addOpeningBalance(tx, warehouseId, productId, values.delta);
        return productId;
      },
    };
  },
  writeMany: (tx, records) =>
    batch.addOpeningBalances(
      tx,
      records.map((r) => r.record.values),
    ),
});
