// The entry of a spreadsheet worker thread (sheet-pool.ts), plain JavaScript like the PDF worker's
// (documents/render-worker.mjs): under `node --import tsx` the thread imports sheet-task.ts at once;
// elsewhere (vitest, a bare node) tsx's loader is registered for this thread first.
let runSheetTask;
try {
  ({ runSheetTask } = await import('./sheet-task.ts'));
} catch (error) {
  if (error?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
  const { register } = await import('tsx/esm/api');
  register();
  ({ runSheetTask } = await import('./sheet-task.ts?tsx'));
}

/** Piscina's task function: a SheetTask in, its outcome out. */
export default function run(task) {
  return runSheetTask(task);
}
