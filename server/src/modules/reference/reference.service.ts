import { ErrorCode } from '@letokruh/contracts/errors';
import {
  type Adtype,
  type AdtypeInput,
  type Supplier,
  type SupplierInput,
  supplierIdentityIssues,
} from '@letokruh/contracts/reference';
import {
  czechIban,
  formatCzechAccountNumber,
  parseCzechAccountNumber,
} from '@letokruh/contracts/rules/bank-account';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badInput, notFound } from '../../plugins/errors.ts';
import * as q from './reference.queries.ts';

export const toSupplier = (row: q.SupplierRow): Supplier => ({
  id: row.id,
  name: row.name,
  bank_account: row.bankAccount,
  bank_code: row.bankCode,
  iban: czechIban(row.bankAccount, row.bankCode) ?? '',
  active: row.active,
  full_address: row.fullAddress,
  town: row.town,
  zip_code: row.zipCode,
  country: row.country,
  ico: row.ico,
  dic: row.dic,
  register_entry: row.registerEntry,
  email: row.email,
  phone: row.phone,
  vat_payer: row.vatPayer,
});

export const toAdtype = (row: q.AdtypeRow): Adtype => ({ id: row.id, name: row.name, active: row.active });

/** Two active entries of one name would be two of the same in every select: 409 / 140 on `name`. */
const nameTaken = (name: string) =>
  new AppError(409, ErrorCode.conflict, `"${name}" already exists`, ['name']);

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Runs a write; two owners saving the same name at once meet the unique index, also a 409. */
async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw isUniqueViolation(error) ? nameTaken(name) : error;
  }
}

/**
 * The row's values: the account without leading zeros (the prefix only when there is one), and
 * the identity, where a key the payload leaves out keeps the stored value (an older client's edit
 * does not erase it). The identity's cross-field rules hold for the result, checked before the
 * table's own constraints could answer 500.
 */
function supplierValues(input: SupplierInput, stored?: q.SupplierRow) {
  const account = parseCzechAccountNumber(input.bank_account);
  if (!account || !czechIban(input.bank_account, input.bank_code)) {
    throw badInput('Not a valid Czech account', ['bank_account']);
  }
  const values = {
    name: input.name,
    bankAccount: formatCzechAccountNumber(account),
    bankCode: input.bank_code,
    fullAddress: input.full_address ?? stored?.fullAddress ?? '',
    town: input.town ?? stored?.town ?? '',
    zipCode: input.zip_code ?? stored?.zipCode ?? '',
    country: input.country ?? stored?.country ?? 'CZ',
    ico: input.ico ?? stored?.ico ?? '',
    dic: input.dic ?? stored?.dic ?? '',
    registerEntry: input.register_entry ?? stored?.registerEntry ?? '',
    email: input.email ?? stored?.email ?? '',
    phone: input.phone ?? stored?.phone ?? '',
    vatPayer: input.vat_payer ?? stored?.vatPayer ?? false,
  };
  const issues = supplierIdentityIssues({ ico: values.ico, dic: values.dic, vat_payer: values.vatPayer });
  if (issues.length) {
    throw badInput(issues.map((i) => i.message).join('; '), [...new Set(issues.map((i) => i.path))]);
  }
  return values;
}

export async function listSuppliers(db: DbOrTx) {
  return { items: (await q.listSuppliers(db)).map(toSupplier) };
}

export async function addSupplier(db: Db, input: SupplierInput): Promise<Supplier> {
  return uniqueName(input.name, () =>
    db.transaction(async (tx) => {
      if (await q.findActiveSupplierByName(tx, input.name)) throw nameTaken(input.name);
      return toSupplier(await q.insertSupplier(tx, supplierValues(input)));
    }),
  );
}

async function requireActiveSupplier(db: DbOrTx, id: number): Promise<q.SupplierRow> {
  const row = await q.findSupplier(db, id);
  if (!row?.active) throw notFound('Supplier not found');
  return row;
}

export async function editSupplier(db: Db, id: number, input: SupplierInput): Promise<Supplier> {
  return uniqueName(input.name, () =>
    db.transaction(async (tx) => {
      const stored = await requireActiveSupplier(tx, id);
      if (await q.findActiveSupplierByName(tx, input.name, id)) throw nameTaken(input.name);
      return toSupplier(await q.updateSupplier(tx, id, supplierValues(input, stored)));
    }),
  );
}

/** Removal is a flag: orders will keep naming the supplier they were paid to. */
export async function removeSupplier(db: Db, id: number): Promise<Supplier> {
  return db.transaction(async (tx) => {
    await requireActiveSupplier(tx, id);
    return toSupplier(await q.updateSupplier(tx, id, { active: false }));
  });
}

export async function listAdtypes(db: DbOrTx) {
  return { items: (await q.listAdtypes(db)).map(toAdtype) };
}

export async function addAdtype(db: Db, input: AdtypeInput): Promise<Adtype> {
  return uniqueName(input.name, () =>
    db.transaction(async (tx) => {
      if (await q.findActiveAdtypeByName(tx, input.name)) throw nameTaken(input.name);
      return toAdtype(await q.insertAdtype(tx, input.name));
    }),
  );
}

async function requireActiveAdtype(db: DbOrTx, id: number): Promise<q.AdtypeRow> {
  const row = await q.findAdtype(db, id);
  if (!row?.active) throw notFound('Ad type not found');
  return row;
}

export async function editAdtype(db: Db, id: number, input: AdtypeInput): Promise<Adtype> {
  return uniqueName(input.name, () =>
    db.transaction(async (tx) => {
      await requireActiveAdtype(tx, id);
      if (await q.findActiveAdtypeByName(tx, input.name, id)) throw nameTaken(input.name);
      return toAdtype(await q.updateAdtype(tx, id, { name: input.name }));
    }),
  );
}

export async function removeAdtype(db: Db, id: number): Promise<Adtype> {
  return db.transaction(async (tx) => {
    await requireActiveAdtype(tx, id);
    return toAdtype(await q.updateAdtype(tx, id, { active: false }));
  });
}
