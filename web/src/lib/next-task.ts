/**
 * Decision 0104: work that may wait is done in a task of its own, so that what the browser has
 * waiting (a tap, a frame) runs first and a phone's main thread is never held for long.
 */

/** Resolves in the next task. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Runs `work` in the next task; the returned function cancels it (an effect's cleanup). */
export function inNextTask(work: () => void): () => void {
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}
