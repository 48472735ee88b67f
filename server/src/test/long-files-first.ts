import fs from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files that start server processes: the import from a second server, `npm run setup`, two processes. */
const startsProcesses = /\b(?:startServer|startOldSystem|runCli)\(/;
/** Files that work for tens of seconds in one process: many password hashes, the fuzzers. */
const longInProcess = /[\\/]hardening[\\/](?:login-attack|edge-values|fuzz)\.test\.ts$/;

/**
 * The server suite's order of files: the long ones first, then Vitest's own order (the last run's
 * durations, else the larger file first). A fresh clone has no last run, and a long test in a small
 * file (the import's steps live in test-old-system.ts) started last: one worker then ran it alone
 * for a minute while the other waited at the end.
 */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (spec: TestSpecification) =>
      longInProcess.test(spec.moduleId) || startsProcesses.test(fs.readFileSync(spec.moduleId, 'utf8'));
    return [...sorted.filter(long), ...sorted.filter((spec) => !long(spec))];
  }
}
