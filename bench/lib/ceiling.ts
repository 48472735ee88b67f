/**
 * The framework ceiling: a bare Fastify app with one route that answers JSON from one
 * indexed query on the same database, with none of the app's plugins (no session, CSRF, helmet,
 * zod). The bench starts it as its own process on 127.0.0.1 with the loop probe, like the server.
 *
 *   GET /ceiling?limit=N   the N newest orders with their customer and warehouse (orders' primary
 *                          key scanned backwards, customers and warehouses by primary key)
 *
 * Env: DATABASE_URL or DATA_DIR (PGlite), PORT.
 */
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { openDatabase } from '../../server/src/db/client.ts';
import { rowsOf } from '../../server/src/db/rows.ts';

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? './data',
});
const app = Fastify({ logger: false });

app.get('/ceiling', async (request) => {
  const raw = Number((request.query as { limit?: string }).limit ?? 10);
  const limit = Number.isInteger(raw) ? Math.min(Math.max(raw, 1), 1000) : 10;
  const result = await rowsOf(
    database.db,
    sql`
    select o.id, o.intern_id, o.created_at, o.expected_delivery_date, o.expected_delivery_time,
      o.hidden, o.done, o.prepared, o.currency, o.payment_type, o.collected_revenue_at, o.note,
      c.id as customer_id, c.first_name, c.last_name, c.organization_name, c.pre_phone, c.phone,
      c.email, c.full_address, c.town, c.zip_code,
      w.id as warehouse_id, w.name as warehouse_name, w.color, w.text_color
    from orders o
    join customers c on c.id = o.customer_id
    left join warehouses w on w.id = o.warehouse_id
    where o.customer_id is not null
    order by o.id desc
    limit ${limit}`,
  );
  return { items: result, total: result.length };
});
app.get('/ready', async () => ({ ok: true }));

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
