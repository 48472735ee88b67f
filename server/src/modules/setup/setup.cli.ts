import fs from 'node:fs';
import { supplierInputSchema } from '@letokruh/contracts/reference';
import {
  firstOwnerSchema,
  type SetupPlan,
  setupPlanSchema,
  setupWarehouseSchema,
} from '@letokruh/contracts/setup';
import type { z } from 'zod';
import { InputEnded, Prompt, parseFlags } from '../../cli/prompt.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { hasActiveOwner, runSetup } from './setup.service.ts';

/**
 * `npm run setup` (docs/decisions/0084-first-start-by-a-setup-command.md): migrates the database in
 * DATABASE_URL or DATA_DIR, then makes the first owner, the suppliers and the warehouses; asks on
 * the terminal, or reads flags, a plan file and SETUP_OWNER_PASSWORD. Exit codes: 0 done, 1 refused
 * input or a failure, 3 an owner exists already (nothing is written).
 */
const usage = `npm run setup                       asks for everything
npm run setup -- --username NAME --first-name NAME --last-name NAME [--email E] [--phone P]
                 [--plan setup.json]   suppliers and warehouses (see README "A real installation")
The password comes from the prompt or SETUP_OWNER_PASSWORD, never from the command line.`;

type Issue = z.core.$ZodIssue;
const describe = (issues: Issue[]) =>
  issues.map((i) => `  ${i.path.join('.') || '(plan)'}: ${i.message}`).join('\n');

class Refused extends Error {}

async function main(): Promise<number> {
  const flags = parseFlags(process.argv.slice(2));
  if (flags.has('help')) {
    console.log(usage);
    return 0;
  }
  if (flags.has('password'))
    throw new Refused(
      'A password is never given on the command line: use SETUP_OWNER_PASSWORD or the prompt.',
    );
  const scripted = flags.has('username') || flags.has('plan') || flags.has('non-interactive');

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    console.log(`Migrated the ${database.engine} database.`);
    if (await hasActiveOwner(database.db)) {
      console.log('An owner exists already: nothing was changed. Sign in as the owner and use the app.');
      return 3;
    }
    const plan = scripted ? planFromFlags(flags) : await askPlan();
    const result = await runSetup(database.db, plan);
    if (!result.done) {
      console.log('An owner exists already: nothing was changed.');
      return 3;
    }
    console.log(`Owner "${result.owner.username}" created; sign in with the password you chose.`);
    for (const s of result.suppliers)
      console.log(`Supplier "${s.name}" (${s.bank_account}/${s.bank_code}) added.`);
    for (const w of result.warehouses) console.log(`Warehouse "${w.name}" added.`);
    return 0;
  } finally {
    await database.close();
  }
}

function planFromFlags(flags: Map<string, string>): SetupPlan {
  const fromFile = flags.has('plan')
    ? (JSON.parse(fs.readFileSync(flags.get('plan')!, 'utf8')) as Record<string, unknown>)
    : {};
  const fileOwner = (fromFile.owner ?? {}) as Record<string, unknown>;
  const password = process.env.SETUP_OWNER_PASSWORD;
  if (!password)
    throw new Refused("Set SETUP_OWNER_PASSWORD (the first owner's password) in the environment.");
  const parsed = setupPlanSchema.safeParse({
    suppliers: fromFile.suppliers ?? [],
    warehouses: fromFile.warehouses ?? [],
    owner: {
      username: flags.get('username') ?? fileOwner.username,
      first_name: flags.get('first-name') ?? fileOwner.first_name,
      last_name: flags.get('last-name') ?? fileOwner.last_name,
      email: flags.get('email') ?? fileOwner.email ?? '',
      phone: flags.get('phone') ?? fileOwner.phone ?? '',
      password,
    },
  });
  if (!parsed.success)
    throw new Refused(`The setup was refused, nothing was written:\n${describe(parsed.error.issues)}`);
  return parsed.data;
}

type Field = { key: string; label: string; kind?: 'text' | 'number' | 'yes'; fallback?: string };

/**
 * Asks each field, validates the whole object with its schema and asks again only the fields the
 * schema refused, showing why.
 */
async function askObject<T>(
  prompt: Prompt,
  schema: z.ZodType<T>,
  fields: Field[],
  fixed: Record<string, unknown> = {},
): Promise<T> {
  const values: Record<string, unknown> = { ...fixed };
  let toAsk = fields;
  for (;;) {
    for (const field of toAsk) {
      if (field.kind === 'yes') values[field.key] = await prompt.yes(field.label, field.fallback === 'y');
      else {
        const answer = await prompt.ask(field.label, field.fallback ?? '');
        values[field.key] =
          field.kind === 'number' ? (answer === '' ? undefined : Number(answer.replace(',', '.'))) : answer;
      }
    }
    const parsed = schema.safeParse(values);
    if (parsed.success) return parsed.data;
    console.log(`Please correct:\n${describe(parsed.error.issues)}`);
    const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
    toAsk = fields.filter((f) => bad.has(f.key));
    if (toAsk.length === 0) throw new Refused(describe(parsed.error.issues));
  }
}

async function askPlan(): Promise<SetupPlan> {
  const prompt = new Prompt();
  try {
    console.log('Letokruh: the first start. Empty answers keep the value in [brackets].\n\nThe first owner');
    const ownerFields = await askObject(prompt, firstOwnerSchema.omit({ password: true }), [
      { key: 'username', label: 'Username' },
      { key: 'first_name', label: 'First name' },
      { key: 'last_name', label: 'Last name' },
      { key: 'email', label: 'E-mail (optional)' },
      { key: 'phone', label: 'Phone (optional)' },
    ]);
    const owner = { ...ownerFields, password: await askPassword(prompt, firstOwnerSchema.shape.password) };
    const suppliers: SetupPlan['suppliers'] = [];
    console.log(
      '\nSuppliers: the companies that sell, with their identity and bank account (domain.md §1.3).',
    );
    while (
      await prompt.yes(suppliers.length ? 'Add another supplier?' : 'Add a supplier?', suppliers.length === 0)
    ) {
      suppliers.push(
        await askObject(
          prompt,
          supplierInputSchema,
          [
            { key: 'name', label: 'Name' },
            { key: 'bank_account', label: 'Account number (prefix-number or number)' },
            { key: 'bank_code', label: 'Bank code (4 digits)' },
            { key: 'ico', label: 'IČO' },
            { key: 'dic', label: 'DIČ (empty if none)' },
            { key: 'vat_payer', label: 'VAT payer?', kind: 'yes', fallback: 'n' },
            { key: 'full_address', label: 'Street and number' },
            { key: 'town', label: 'Town' },
            { key: 'zip_code', label: 'PSČ' },
            { key: 'register_entry', label: 'Register entry (optional)' },
            { key: 'email', label: 'E-mail (optional)' },
            { key: 'phone', label: 'Phone (optional)' },
          ],
          { country: 'CZ' },
        ),
      );
    }
    const warehouses: SetupPlan['warehouses'] = [];
    console.log('\nWarehouses: where goods are kept and delivered from.');
    while (
      await prompt.yes(
        warehouses.length ? 'Add another warehouse?' : 'Add a warehouse?',
        warehouses.length === 0,
      )
    ) {
      warehouses.push(
        await askObject(prompt, setupWarehouseSchema, [
          { key: 'name', label: 'Name' },
          { key: 'address', label: 'Street and number' },
          { key: 'town', label: 'Town' },
          { key: 'zip', label: 'PSČ' },
          { key: 'country', label: 'Country', fallback: 'Česká republika' },
          { key: 'lat', label: 'Latitude (e.g. 49.3961)', kind: 'number' },
          { key: 'lon', label: 'Longitude (e.g. 15.5912)', kind: 'number' },
        ]),
      );
    }
    const plan = setupPlanSchema.parse({ owner, suppliers, warehouses });
    console.log(
      `\nOwner ${plan.owner.username}, ${plan.suppliers.length} supplier(s), ${plan.warehouses.length} warehouse(s).`,
    );
    if (!(await prompt.yes('Create them?', true))) throw new Refused('Nothing was written.');
    return plan;
  } finally {
    prompt.close();
  }
}

/** The password twice, under the user form's rules. */
async function askPassword(prompt: Prompt, schema: z.ZodType<string>): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const first = await prompt.secret('Password');
    const checked = schema.safeParse(first);
    if (!checked.success) {
      console.log(`The password is refused: ${checked.error.issues.map((i) => i.message).join('; ')}`);
      continue;
    }
    if ((await prompt.secret('Password again')) === first) return first;
    console.log('The two passwords differ; once more.');
  }
  throw new Refused('No password was agreed on: nothing was written.');
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof Refused || error instanceof InputEnded) console.error(error.message);
    else if (error instanceof AppError) {
      console.error(`Refused, nothing was written: ${error.message} (${error.fields?.join(', ') ?? ''})`);
    } else console.error(error);
    process.exit(1);
  },
);
