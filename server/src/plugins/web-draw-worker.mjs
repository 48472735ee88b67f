// The entry of a page-drawing worker thread (web-draw.ts, decision 0103). Plain JavaScript: the
// module it runs is the web build's own (web/dist/.server/draw.mjs, every package inside), loaded
// once per thread from the built app the server serves.

/** Piscina's task function: the built module's path and a DrawTask in, a Drawn (or null) out. */
export default async function draw({ module, task }) {
  const { drawPage } = await import(module);
  return drawPage(task);
}
