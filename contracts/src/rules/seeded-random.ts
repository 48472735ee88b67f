/**
 * mulberry32: a small seeded generator of numbers in [0, 1). The same seed gives the same numbers
 * on every machine, so the demo data is the same everywhere and a randomised test that fails can
 * be run again from its seed.
 */
export function seededRandom(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
