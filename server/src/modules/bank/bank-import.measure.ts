// domain.md §2.12: a statement of 10 000 transactions read and matched, measured in process on a
// bench database (bench/README.md), by the same code as the upload route: the GPC file is parsed,
// stored and matched in one transaction. Orders of the database are made transfer orders first.
//   node --import tsx server/src/modules/bank/bank-import.measure.ts --database-url postgres://…/bench
//   node --import tsx server/src/modules/bank/bank-import.measure.ts --data-dir /tmp/bench-data
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { type FixtureTransaction, gpcFile } from '../../test/bank-statements.ts';
import { importStatement } from './bank.service.ts';
import { parseGpc } from './gpc.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    transactions: { type: 'string', default: '10000' },
  },
});
const total = Number(values.transactions);
const database = await openDatabase({ databaseUrl: values['database-url'], dataDir: values['data-dir'] });
const { db } = database;

const [supplier] = await rowsOf<{ id: number; account: string; code: string }>(
  db,
  sql`select id, bank_account as account, bank_code as code from suppliers where active order by id limit 1`,
);
// Orders with a customer and something to pay, made open transfer orders: eight in ten of the
// statement's payments name one.
const open = await rowsOf<{ id: number; intern_id: string; owed: string }>(
  db,
  sql`select id, intern_id::text, round(price_with_vat * 100)::bigint::text as owed from orders
      where draft_touched_at is null and customer_id is not null and not hidden
        and currency = 'CZK' and price_with_vat > 0
      order by id desc limit ${Math.round(total * 0.8)}`,
);
await db.execute(sql`update orders set payment_type = 'qr_transfer', supplier_id = ${supplier!.id},
    collected_revenue_at = null, collected_revenue_by = null, collected_revenue_bank = null
  where id = any(${sql.param(open.map((o) => o.id))}::int[])`);
const [user] = await rowsOf<{ id: number }>(db, sql`select min(id) as id from users`);
// One in ten of those is paid already (in cash): its payment is flagged as paid twice.
const paidBefore = open.filter((_, i) => i % 8 === 7);
await db.execute(sql`update orders set collected_revenue_at = now(), collected_revenue_by = ${user!.id}
  where id = any(${sql.param(paidBefore.map((o) => o.id))}::int[])`);

const day = '2026-11-27';
// Bank ids of this run only (13 digits: the GPC column), so that each run stores all it reads.
const run = String(Date.now() % 100_000_000).padStart(8, '0');
const transactions: FixtureTransaction[] = Array.from({ length: total }, (_, i) => {
  const ref = `${run}${String(i).padStart(5, '0')}`;
  const order = open[i];
  if (!order) return { ref, amountMinor: 10_000 + i, day, vs: String(1_000_000 + i) };
  const owed = Number(order.owed);
  switch (i % 8) {
    case 1:
      return { ref, amountMinor: owed + 100, day, vs: order.intern_id };
    case 2:
      return { ref, amountMinor: owed, day, message: `Objednavka ${order.intern_id}` };
    default:
      return {
        ref,
        amountMinor: owed,
        day,
        vs: order.intern_id,
        counterAccount: `${1000 + (i % 500)}`,
        counterBank: '0800',
      };
  }
});
const file = gpcFile({ account: supplier!.account, bankCode: supplier!.code, currency: 'CZK', transactions });

const cpuBefore = process.cpuUsage();
const started = performance.now();
const statement = parseGpc(file);
const parsed = performance.now();
const result = await importStatement(db, statement, { userId: user!.id, method: 'POST', path: '/measure' });
const done = performance.now();
const cpu = process.cpuUsage(cpuBefore);
const again = performance.now();
const second = await importStatement(db, parseGpc(file), {
  userId: user!.id,
  method: 'POST',
  path: '/measure',
});
const secondDone = performance.now();
console.log(
  JSON.stringify(
    {
      engine: values['database-url'] ? 'postgresql' : 'pglite',
      bytes: file.length,
      transactions: total,
      parse_ms: Math.round(parsed - started),
      import_and_match_ms: Math.round(done - started),
      // This process's CPU time (with PGlite: the database's too): steadier than wall time on a busy machine.
      process_cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
      result,
      again_ms: Math.round(secondDone - again),
      again: { duplicates: second.duplicates, paid: second.paid },
    },
    null,
    2,
  ),
);
await database.close();
