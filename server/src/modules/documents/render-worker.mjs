// The entry of a PDF worker thread (pdf-pool.ts). Plain JavaScript so that a worker can start
// whatever loads the server's TypeScript: under `node --import tsx` (npm start, production) the
// worker inherits the flag and imports render.ts at once; elsewhere (vitest, a bare node) tsx's
// loader is registered for this thread first.
let render;
try {
  ({ render } = await import('./render.ts'));
} catch (error) {
  if (error?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
  const { register } = await import('tsx/esm/api');
  register();
  // A new URL: the failed import above stays cached under the plain one.
  ({ render } = await import('./render.ts?tsx'));
}

/** Piscina's task function: a RenderTask in, the PDF's bytes out. */
export default async function run(task) {
  const pdf = await render(task);
  return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
