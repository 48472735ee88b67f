/** Runs the calls `parallel` at a time (real parallelism, bounded), answers in the calls' order. */
export async function inParallel<T>(calls: (() => Promise<T>)[], parallel: number): Promise<T[]> {
  const results: T[] = new Array(calls.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < calls.length) {
        const i = next++;
        results[i] = await calls[i]!();
      }
    }),
  );
  return results;
}
