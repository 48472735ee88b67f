// The login page's JavaScript budget (decision 0020): what the browser loads to show "/" — the entry
// chunk with everything it imports statically and its stages (index.html preloads them) and the login page's
// lazy chunk with its static imports (Vite preloads those with the chunk) — measured gzipped,
// and none of it may carry the calendar, the maps, the charts or PDF code, which belong to
// their own routes. Pure functions over a Vite manifest, so that a test can feed a fake one.

export const KiB = 1024;

/** 250 KiB of gzipped JavaScript for the login page. */
export const loginBudgetBytes = 250 * KiB;

/** The login route's lazy chunk, as the manifest names it (its source path from web/). */
export const loginPageSource = 'src/features/auth/login-page.tsx';

const nm = String.raw`(?:^|[\\/])node_modules[\\/]`;

/** Code that must load only on its own routes, recognised by the module paths a chunk holds. */
export const routeOnlyCode = [
  { what: 'calendar (FullCalendar)', pattern: new RegExp(`${nm}@fullcalendar[\\\\/]`) },
  // The header, menus and phone drawer of the pages with navigation (decision 0092).
  { what: 'the navigation frame', pattern: /(?:^|[\\/])src[\\/]app[\\/]app-frame\.tsx$/ },
  {
    what: 'maps (Leaflet)',
    pattern: new RegExp(`${nm}(?:leaflet|react-leaflet|@react-leaflet[\\\\/][^\\\\/]+)[\\\\/]`),
  },
  {
    what: 'charts (Recharts, @mantine/charts)',
    pattern: new RegExp(`${nm}(?:recharts|@mantine[\\\\/]charts|victory-vendor)[\\\\/]`),
  },
  {
    what: 'PDF',
    pattern: new RegExp(
      `${nm}(?:pdfjs-dist|react-pdf|@react-pdf[\\\\/][^\\\\/]+|jspdf|pdf-lib|pdfmake)[\\\\/]|[\\\\/]src[\\\\/](?:.*[\\\\/])?[^\\\\/]*pdf[^\\\\/]*\\.[cm]?[jt]sx?$`,
      'i',
    ),
  },
];

/** The manifest key of the HTML entry (index.html); exactly one is expected. */
export function entryKey(manifest) {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1) {
    throw new Error(
      `expected one entry in the Vite manifest, found ${entries.length}: ${entries.join(', ')}`,
    );
  }
  return entries[0];
}

/** The given chunks and every chunk they import statically, each once, in load order. */
export function staticGraph(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the Vite manifest has no chunk "${key}"`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...seen];
}

/** The manifest keys of the chunks index.html preloads (the entry's stages, decision 0104, among them). */
export function preloadedKeys(manifest, preloaded) {
  return preloaded.map((file) => {
    const key = Object.keys(manifest).find((k) => manifest[k].file === file);
    if (!key) throw new Error(`index.html preloads ${file}, which the Vite manifest does not name`);
    return key;
  });
}

/**
 * Checks the login route against the budget.
 * @param {object} options
 * @param {Record<string, {file: string, src?: string, isEntry?: boolean, imports?: string[], css?: string[]}>} options.manifest
 * @param {(file: string) => {raw: number, gzip: number}} options.sizeOf sizes of an emitted file
 * @param {(file: string) => string[]} options.modulesOf the source modules an emitted chunk holds
 * @param {string[]} [options.preloaded] the chunks index.html preloads (files, as the manifest names them)
 * @param {string} [options.route] the route's lazy chunk (manifest key)
 * @param {number} [options.limit] bytes of gzipped JavaScript
 */
export function checkLoginBudget({
  manifest,
  sizeOf,
  modulesOf,
  preloaded = [],
  route = loginPageSource,
  limit = loginBudgetBytes,
}) {
  const entry = entryKey(manifest);
  if (!manifest[route]) {
    throw new Error(`the Vite manifest has no chunk for ${route}: was the login page moved or renamed?`);
  }
  const keys = staticGraph(manifest, [entry, ...preloadedKeys(manifest, preloaded), route]);
  const chunks = keys.map((key) => ({ key, file: manifest[key].file, ...sizeOf(manifest[key].file) }));
  const gzip = chunks.reduce((sum, c) => sum + c.gzip, 0);
  const raw = chunks.reduce((sum, c) => sum + c.raw, 0);
  const css = [...new Set(keys.flatMap((key) => manifest[key].css ?? []))].map((file) => ({
    file,
    ...sizeOf(file),
  }));

  const forbidden = [];
  for (const chunk of chunks) {
    for (const module of modulesOf(chunk.file)) {
      const hit = routeOnlyCode.find((code) => code.pattern.test(module));
      if (hit) forbidden.push({ file: chunk.file, what: hit.what, module });
    }
  }

  const problems = [];
  if (gzip > limit) {
    problems.push(
      `the login page loads ${kib(gzip)} KiB of gzipped JavaScript, over the budget of ${kib(limit)} KiB`,
    );
  }
  for (const what of new Set(forbidden.map((f) => f.what))) {
    const hits = forbidden.filter((f) => f.what === what);
    const files = [...new Set(hits.map((h) => h.file))].join(', ');
    problems.push(
      `${what} is loaded by the login page (${hits.length} modules in ${files}, e.g. ${hits[0].module})`,
    );
  }
  return { ok: problems.length === 0, entry, route, limit, gzip, raw, chunks, css, forbidden, problems };
}

/**
 * Pages whose first screen loads no zod (decision 0096): they call the API through the routes
 * without schemas (web/src/lib/routes.ts), and nothing they import statically builds a schema.
 */
export const schemaFreePages = [
  'src/features/dashboard/dashboard-page.tsx',
  'src/features/driver/driver-day-page.tsx',
];
const zodCode = new RegExp(`${nm}zod[\\/]`);
const frameSource = 'src/app/app-frame.tsx';

/** Checks that each page, with the entry and the navigation frame, loads no zod. */
export function checkSchemaFree({ manifest, modulesOf, preloaded = [], pages = schemaFreePages }) {
  const problems = [];
  for (const page of pages) {
    if (!manifest[page]) {
      problems.push(`the Vite manifest has no chunk for ${page}: was the page moved or renamed?`);
      continue;
    }
    const entry = entryKey(manifest);
    const starts = [
      entry,
      ...preloadedKeys(manifest, preloaded),
      page,
      ...(manifest[frameSource] ? [frameSource] : []),
    ];
    const files = staticGraph(manifest, starts).map((key) => manifest[key].file);
    const hits = files.filter((file) => modulesOf(file).some((module) => zodCode.test(module)));
    if (hits.length > 0) {
      problems.push(
        `${page} loads zod (in ${hits.join(', ')}): call the API through web/src/lib/routes.ts and keep schemas out of what the page imports (decision 0096)`,
      );
    }
  }
  return { ok: problems.length === 0, problems };
}

export const kib = (bytes) => (bytes / KiB).toFixed(1);

/** A short table of the figures, largest chunks first, and the verdict. */
export function formatReport(result) {
  const lines = [`Login page JavaScript (${result.entry} + ${result.route}, static imports included):`];
  for (const c of [...result.chunks].sort((a, b) => b.gzip - a.gzip)) {
    lines.push(`  ${kib(c.gzip).padStart(7)} KiB gzip  ${kib(c.raw).padStart(7)} KiB raw  ${c.file}`);
  }
  lines.push(
    `  ${kib(result.gzip).padStart(7)} KiB gzip  ${kib(result.raw).padStart(7)} KiB raw  total of ${result.chunks.length} chunks (budget ${kib(result.limit)} KiB gzip)`,
  );
  for (const c of result.css) lines.push(`  CSS, outside the budget: ${kib(c.gzip)} KiB gzip  ${c.file}`);
  if (result.ok) {
    lines.push(
      `✓ within budget: ${kib(result.gzip)} of ${kib(result.limit)} KiB gzip; no calendar, maps, charts or PDF code`,
    );
  } else {
    for (const problem of result.problems) lines.push(`✗ ${problem}`);
  }
  return lines.join('\n');
}
