import fs from 'node:fs';
import path from 'node:path';
import { listTotalCap } from '@letokruh/contracts/common';
import { Prompt, parseFlags } from '../../cli/prompt.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { storageFor } from '../../plugins/storage.ts';
import { type Counts, type ImportEntity, importEntities, importFromOldSystem } from './import.service.ts';
import { OldSystem } from './old-system.ts';

/**
 * `npm run import -- --from URL --user NAME` (docs/decisions/0085-moving-in-from-the-old-system-through-its-api.md):
 * reads the old system through its API into DATABASE_URL or DATA_DIR. The password comes from
 * IMPORT_PASSWORD or the prompt, never from the command line. Exit codes: 0 done (problems or
 * not: they are in the report), 1 the run could not start or stopped.
 */
const usage = `npm run import -- --from https://old.example.cz --user NAME
  [--only ${importEntities.join(',')}]   these entities only
  [--dry-run]                            read and check, write nothing, say what would change
  [--report FILE]                        the JSON report (default import-report-<time>.json)
  [--page-size 100]                      records per page and per transaction (10, 20, 50, 100, 1000)
  [--timeout-ms 30000]                   a call unanswered this long is tried again (twice), then reported
  [--list-cap 10000]                     the most rows the old system's lists answer (its listTotalCap)
The password comes from IMPORT_PASSWORD or the prompt.`;

class Refused extends Error {}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function progressLine(entity: ImportEntity, c: Counts, elapsedMs: number): string {
  const total = Math.max(c.total, c.read);
  const share = total ? c.read / total : 1;
  const width = 20;
  const bar = '#'.repeat(Math.round(share * width)).padEnd(width, '.');
  const left = c.read && total > c.read ? ` ~${seconds((elapsedMs / c.read) * (total - c.read))} left` : '';
  return `${entity.padEnd(10)} [${bar}] ${c.read}/${total}  +${c.added} ~${c.updated} =${c.unchanged} !${c.refused}  ${seconds(elapsedMs)}${left}`;
}

async function main(): Promise<number> {
  const flags = parseFlags(process.argv.slice(2));
  if (flags.has('help')) {
    console.log(usage);
    return 0;
  }
  if (flags.has('password'))
    throw new Refused('A password is never given on the command line: use IMPORT_PASSWORD or the prompt.');
  const from = flags.get('from');
  const user = flags.get('user');
  if (!from || !user) throw new Refused(usage);
  const only = flags
    .get('only')
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = only?.filter((e) => !(importEntities as readonly string[]).includes(e)) ?? [];
  if (unknown.length)
    throw new Refused(`Unknown entities: ${unknown.join(', ')} (known: ${importEntities.join(', ')})`);
  const pageSize = Number(flags.get('page-size') ?? 100);
  if (![10, 20, 50, 100, 1000].includes(pageSize))
    throw new Refused('--page-size is 10, 20, 50, 100 or 1000');
  const dryRun = flags.has('dry-run');

  let password = process.env.IMPORT_PASSWORD;
  if (!password) {
    const prompt = new Prompt(process.stdin, process.stderr);
    try {
      password = await prompt.secret(`Password of ${user} in the old system`);
    } finally {
      prompt.close();
    }
  }
  const timeoutMs = Number(flags.get('timeout-ms') ?? 30_000);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100)
    throw new Refused('--timeout-ms is a whole number of milliseconds, 100 or more');
  const listCap = Number(flags.get('list-cap') ?? listTotalCap);
  if (!Number.isInteger(listCap) || listCap < 10)
    throw new Refused('--list-cap is a whole number, 10 or more');
  const old = new OldSystem(from, { timeoutMs });
  await old.signIn(user, password);

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const terminal = process.stdout.isTTY;
  const started = Date.now();
  try {
    await database.migrate();
    console.log(
      `${dryRun ? 'Dry run: nothing will be written. ' : ''}Reading ${old.base} as ${user} into the ${database.engine} database.`,
    );
    let last: ImportEntity | undefined;
    const result = await importFromOldSystem(database.db, old, {
      dryRun,
      pageSize: pageSize as 100,
      listCap,
      storage: storageFor(config),
      ...(only ? { only: only as ImportEntity[] } : {}),
      progress(entity, counts, elapsedMs) {
        const line = progressLine(entity, counts, elapsedMs);
        if (terminal) process.stdout.write(`${last === entity ? '\r' : last ? '\n' : ''}${line}`);
        else if (last !== entity && last) console.log('');
        last = entity;
        if (!terminal) process.stdout.write(`${line}\n`);
      },
    });
    if (terminal) process.stdout.write('\n');
    const reportFile = path.resolve(
      flags.get('report') ?? `import-report-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    );
    fs.writeFileSync(
      reportFile,
      `${JSON.stringify({ from: old.base, dry_run: dryRun, seconds: (Date.now() - started) / 1000, counts: result.counts, problems: result.problems }, null, 2)}\n`,
    );
    console.log(`\n${dryRun ? 'Would be written' : 'Written'} in ${seconds(Date.now() - started)}:`);
    for (const [entity, c] of Object.entries(result.counts)) {
      console.log(
        `  ${entity.padEnd(10)} read ${c.read}, added ${c.added}, updated ${c.updated}, unchanged ${c.unchanged}, refused ${c.refused}`,
      );
    }
    if (result.problems.length) {
      console.log(`\n${result.problems.length} problem(s); the first ones:`);
      for (const p of result.problems.slice(0, 20))
        console.log(`  ${p.entity} ${p.old_id ?? '(page)'}: ${p.reason}`);
    } else console.log('\nNo problems.');
    console.log(`Report: ${reportFile}`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Refused ? error.message : error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
