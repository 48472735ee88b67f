// Decision 0049: the calendar week's two answers measured alone, in process, against a bench database:
// wall time, the server process's CPU time and its longest event-loop delay, per answer. CPU time
// holds still on a machine that other work keeps busy, where wall times do not.
//   node --import tsx server/src/modules/orders/calendar/calendar-week.measure.ts --database-url postgres://…/bench_1m --warehouse 1 --monday 2026-11-23
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { calendarOrderSchema } from '@letokruh/contracts/order-calendar';
import { addDays } from '@letokruh/contracts/rules/prague-day';
import { openDatabase } from '../../../db/client.ts';
import { createJsonQueries } from '../../../db/json-queries.ts';
import { slicedJsonAnswer } from '../../../plugins/answer-json.ts';
import { calendarOrderSlices } from './calendar.service.ts';
import { calendarWeekAnswer, calendarWeekJson } from './calendar-week.service.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    warehouse: { type: 'string', default: '1' },
    monday: { type: 'string' },
    runs: { type: 'string', default: '5' },
  },
});
const database = await openDatabase({ databaseUrl: values['database-url']! });
const query = {
  warehouses: [Number(values.warehouse)],
  dates: Array.from({ length: 7 }, (_, i) => addDays(values.monday!, i)),
  show_cobined: false,
};
const jsonQueries = createJsonQueries();
const answers: Record<string, () => Promise<string | Buffer>> = {
  lean: () => calendarWeekJson(database.db, query, null),
  // As the server answers: fetched and gzipped in a worker thread (db/json-queries.ts).
  'lean, worker': async () =>
    gunzipSync((await calendarWeekAnswer(jsonQueries, database.db, query, null)).gzip),
  full: async () =>
    gunzipSync(
      (
        await slicedJsonAnswer(
          'data',
          await calendarOrderSlices(database.db, query, null),
          calendarOrderSchema,
        )
      ).gzip,
    ),
};
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
for (const [name, make] of Object.entries(answers)) {
  const rows: string[] = [];
  for (let run = 0; run < Number(values.runs); run++) {
    loop.reset();
    const cpu = process.cpuUsage();
    const started = performance.now();
    const text = await make();
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const loopMax = loop.max;
    const bytes = Buffer.byteLength(text);
    const orders = (text.toString().match(/"intern_id":/g) ?? []).length;
    rows.push(
      `${name} run ${run + 1}: ${Math.round(wall)} ms wall, ${Math.round((used.user + used.system) / 1000)} ms CPU, loop max ${Math.round(loopMax / 1e6)} ms; ${orders} orders, ${bytes} B (${Math.round(bytes / orders)} B/order, gzip ${Math.round(gzipSync(text).length / 1024)} KiB)`,
    );
  }
  console.log(rows.join('\n'));
}
await jsonQueries.close();
await database.close();
