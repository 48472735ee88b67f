import {
  type Customer,
  type CustomerAdd,
  type CustomerEdit,
  type CustomerListQuery,
  customerPhone,
  navigationLink,
  type PhonePrefix,
} from '@letokruh/contracts/customers';
import { composeAddress } from '@letokruh/contracts/rules/address';
import { companyIdIssues } from '@letokruh/contracts/rules/czech-id';
import type { Db, DbOrTx } from '../../db/client.ts';
import { yieldToLoop } from '../../event-loop.ts';
import { badInput, conflict, notFound } from '../../plugins/errors.ts';
import { listFiles } from '../files/files.service.ts';
import { CustomerMayExistError, findLikelyDuplicates, lockCustomerCreation } from './customer-duplicates.ts';
import * as q from './customers.queries.ts';

export const toCustomer = (r: q.CustomerRow): Customer => ({
  id: r.id,
  intern_id: r.internId,
  name: `${r.firstName} ${r.lastName}`.trim(),
  first_name: r.firstName,
  last_name: r.lastName,
  organization_id: r.organizationId,
  organization_name: r.organizationName,
  vat_id: r.vatId,
  email: r.email,
  phone: r.phone,
  pre_phone: r.prePhone as Customer['pre_phone'],
  whole_phone: r.wholePhone,
  address: {
    full_address: r.fullAddress,
    town: r.town,
    zip_code: r.zipCode,
    country: r.country,
    gps_lat: r.gpsLat,
    gps_lon: r.gpsLon,
    navigation_link: navigationLink(r.gpsLat, r.gpsLon),
  },
  to_contact: r.toContact,
  version: r.version,
});

/**
 * Decision 0040: `whole_phone` is E.164 — `phone` keeps the national digits only, whatever separators,
 * "+420…" or "00420…" were typed; a number that cannot be one of an offered country is a 400.
 */
function storedPhone(prePhone: PhonePrefix, phone: string) {
  const split = customerPhone(prePhone, phone);
  if (!split) throw badInput('The phone is no number of Czechia, Slovakia or Austria', ['phone']);
  return split;
}

/** Create and edit payloads store the same address line (rules/address: composed here only). */
const storedAddress = (input: { address: string; town: string; zip: string; country: string }) => {
  const { fullAddress, town, zipCode, country } = composeAddress(input);
  return { fullAddress, town, zipCode, country };
};

export async function requireCustomer(db: DbOrTx, id: number): Promise<q.CustomerRow> {
  const row = await q.findCustomer(db, id);
  if (!row) throw notFound('Customer not found');
  return row;
}

export async function listCustomers(db: DbOrTx, query: CustomerListQuery) {
  const { rows, total } = await q.listCustomers(db, query, {
    offset: (query.current_page - 1) * query.per_page,
    limit: query.per_page,
  });
  return { items: rows.map(toCustomer), total };
}

/**
 * POST /customer/add: the create payload's camelCase fields onto the customer. A likely duplicate
 * (decision 0025: same phone, e-mail, or name and town) is refused with 409 / customerMayExist listing
 * the matches, unless `allow_duplicate`; `mayView` false leaves the list empty.
 */
export async function addCustomer(
  db: DbOrTx,
  input: CustomerAdd,
  options: { mayView: boolean },
): Promise<Customer> {
  const phone = storedPhone(input.phonePrefix, input.phone);
  return db.transaction(async (tx) => {
    await lockCustomerCreation(tx);
    if (!input.allow_duplicate) {
      const matches = await findLikelyDuplicates(tx, {
        ...phone,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        town: input.town,
      });
      if (matches.length) throw new CustomerMayExistError(options.mayView ? matches : []);
    }
    const row = await q.insertCustomer(tx, {
      firstName: input.firstName,
      lastName: input.lastName,
      organizationId: input.organizationId,
      organizationName: input.organizationName,
      vatId: input.vatId,
      email: input.email,
      ...phone,
      ...storedAddress(input),
      gpsLat: input.lat,
      gpsLon: input.lon,
    });
    return toCustomer(row);
  });
}

/** PUT /customer/{id}/edit under the row lock; a stale `version` answers 409 and writes nothing. */
export async function editCustomer(db: Db, id: number, input: CustomerEdit): Promise<Customer> {
  const phone = storedPhone(input.pre_phone, input.phone);
  const address = storedAddress({ ...input, address: input.final_address });
  return db.transaction(async (tx) => {
    const row = await q.findCustomer(tx, id, { lock: true });
    if (!row) throw notFound('Customer not found');
    if (input.version !== undefined && input.version !== row.version) {
      throw conflict(`The customer was changed meanwhile (version ${row.version}, edit of ${input.version})`);
    }
    // Decision 0037: IČO and DIČ are checked when they (or the country) change, so that a customer
    // saved before the checks with a wrong IČO can still get a new phone number.
    const vatId = input.vat_id ?? row.vatId;
    const issues = companyIdIssues(
      { organizationId: input.organization_id, vatId, country: input.country },
      { organizationId: row.organizationId, vatId: row.vatId, country: row.country },
    );
    if (issues.length) {
      const wire = { organizationId: 'organization_id', vatId: 'vat_id' } as const;
      throw badInput(
        issues.map((i) => `${wire[i.field]}: ${i.problem}`).join('; '),
        issues.map((i) => wire[i.field]),
      );
    }
    await q.updateCustomer(tx, id, {
      firstName: input.first_name,
      lastName: input.last_name,
      organizationId: input.organization_id,
      organizationName: input.organization_name,
      vatId,
      email: input.email,
      ...phone,
      ...address,
      gpsLat: input.lat,
      gpsLon: input.lon,
    });
    return toCustomer((await q.findCustomer(tx, id))!);
  });
}

/** The customer of GET /customer/{id} with files; the route adds the orders (orders module). */
export async function getCustomerDetail(db: DbOrTx, id: number) {
  const row = await requireCustomer(db, id);
  return { ...toCustomer(row), files: await listFiles(db, 'customer', id) };
}

export async function toggleToContact(db: Db, id: number): Promise<Customer> {
  if (!(await q.toggleToContact(db, id))) throw notFound('Customer not found');
  return toCustomer(await requireCustomer(db, id));
}

/**
 * Customers of an imported spreadsheet (domain.md §2.14), each chunk a JSON array of
 * `CustomerValues`, under the same lock as a single creation (the caller took it) so that no
 * form's duplicate check runs between. Their ids in order.
 */
export async function addImportedCustomers(tx: DbOrTx, chunks: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const json of chunks) {
    ids.push(...(await q.insertCustomersFromJson(tx, json)));
    // PGlite answers within the same turn: without this the loop would wait for the whole batch.
    await yieldToLoop();
  }
  return ids;
}

export { lockCustomerCreation };

/** Existing customers like the rows of a spreadsheet, by IČO, phone or e-mail (domain.md §2.14). */
export const findImportMatches = (db: DbOrTx, keys: q.ImportKeys) => q.findImportMatches(db, keys);

/** Which customers were edited since their creation (an undo leaves those), and names for a message. */
export const changedCustomers = (db: DbOrTx, ids: number[]) => q.findChangedCustomers(db, ids);
export const customerNames = (db: DbOrTx, ids: number[]) => q.findCustomerNames(db, ids);

/**
 * Removes customers an import added and nothing uses (the caller checked: domain.md §2.14), a few
 * hundred a statement, so that the embedded database gives the event loop turns between.
 */
export async function removeImportedCustomers(tx: DbOrTx, ids: number[]): Promise<void> {
  for (let from = 0; from < ids.length; from += 500) {
    await q.deleteCustomers(tx, ids.slice(from, from + 500));
    await yieldToLoop();
  }
}
