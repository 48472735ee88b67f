import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkLoginBudget,
  checkSchemaFree,
  formatReport,
  KiB,
  loginPageSource,
  schemaFreePages,
  staticGraph,
} from './budget.mjs';

/**
 * A build in miniature: the entry, its one stage (the app, main.tsx's dynamic import), the login
 * page, a calendar route reached only lazily.
 */
const manifest = () => ({
  'index.html': {
    file: 'assets/index.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_vendor.js', '_api.js'],
    dynamicImports: ['src/app/app.tsx'],
    css: ['assets/index.css'],
  },
  'src/app/app.tsx': {
    file: 'assets/app.js',
    isDynamicEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: [loginPageSource, 'src/features/dashboard/dashboard-page.tsx'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_api.js': { file: 'assets/api.js', imports: ['_vendor.js'] },
  [loginPageSource]: {
    file: 'assets/login-page.js',
    src: loginPageSource,
    isDynamicEntry: true,
    imports: ['_api.js', '_input.js'],
  },
  '_input.js': { file: 'assets/input.js' },
  'src/features/dashboard/dashboard-page.tsx': {
    file: 'assets/dashboard-page.js',
    isDynamicEntry: true,
    imports: ['_calendar.js', '_vendor.js'],
  },
  '_calendar.js': { file: 'assets/calendar.js' },
});

const gzipSizes = {
  'assets/index.js': 120 * KiB,
  'assets/vendor.js': 55 * KiB,
  'assets/app.js': 5 * KiB,
  'assets/api.js': 10 * KiB,
  'assets/login-page.js': 2 * KiB,
  'assets/input.js': 3 * KiB,
  'assets/dashboard-page.js': 15 * KiB,
  'assets/calendar.js': 70 * KiB,
  'assets/index.css': 30 * KiB,
};

const modules = {
  'assets/index.js': [
    '../../src/main.tsx',
    '../../node_modules/react-dom/cjs/react-dom-client.production.js',
  ],
  'assets/vendor.js': ['../../node_modules/@mantine/core/esm/index.mjs'],
  'assets/app.js': ['../../src/app/app.tsx'],
  'assets/api.js': ['../../src/app/api-client.ts', '../../src/features/orders/download.ts'],
  'assets/login-page.js': ['../../src/features/auth/login-page.tsx'],
  'assets/input.js': ['../../node_modules/@mantine/core/esm/components/Input/Input.mjs'],
  'assets/dashboard-page.js': ['../../src/features/dashboard/dashboard-page.tsx'],
  'assets/calendar.js': ['../../node_modules/@fullcalendar/core/index.js'],
};

/** What index.html preloads: the entry's imports and its stage. */
const preloaded = ['assets/vendor.js', 'assets/api.js', 'assets/app.js'];

function check({ sizes = gzipSizes, mods = modules, build = manifest(), limit } = {}) {
  return checkLoginBudget({
    manifest: build,
    preloaded,
    sizeOf: (file) => ({ raw: sizes[file] * 3, gzip: sizes[file] }),
    modulesOf: (file) => mods[file] ?? [],
    ...(limit === undefined ? {} : { limit }),
  });
}

describe('the login page budget', () => {
  it('counts the entry, its stages, the login chunk and their static imports once each, not lazy routes', () => {
    const result = check();
    expect(result.chunks.map((c) => c.file)).toEqual([
      'assets/index.js',
      'assets/vendor.js',
      'assets/api.js',
      'assets/app.js',
      'assets/login-page.js',
      'assets/input.js',
    ]);
    expect(result.gzip).toBe(195 * KiB);
    expect(result.raw).toBe(3 * 195 * KiB);
    expect(result.css).toEqual([{ file: 'assets/index.css', raw: 90 * KiB, gzip: 30 * KiB }]);
    expect(result.ok).toBe(true);
    expect(formatReport(result)).toContain('✓ within budget: 195.0 of 250.0 KiB gzip');
  });

  it('fails over 250 KiB of gzipped JavaScript and says by how much', () => {
    const result = check({ sizes: { ...gzipSizes, 'assets/index.js': 185.5 * KiB } });
    expect(result.ok).toBe(false);
    expect(result.gzip).toBe(260.5 * KiB);
    expect(result.problems).toEqual([
      'the login page loads 260.5 KiB of gzipped JavaScript, over the budget of 250.0 KiB',
    ]);
    expect(formatReport(result)).toMatch(/✗ the login page loads 260\.5 KiB/);
  });

  it('passes at exactly the budget', () => {
    expect(check({ limit: 195 * KiB }).ok).toBe(true);
    expect(check({ limit: 195 * KiB - 1 }).ok).toBe(false);
  });

  it('fails when the calendar joins the entry statically, however small the total', () => {
    const build = manifest();
    build['index.html'].imports.push('_calendar.js');
    const result = check({ build, limit: 10_000 * KiB });
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      'calendar (FullCalendar) is loaded by the login page (1 modules in assets/calendar.js, e.g. ../../node_modules/@fullcalendar/core/index.js)',
    ]);
  });

  it.each([
    ['maps (Leaflet)', '../../node_modules/leaflet/dist/leaflet-src.js'],
    ['maps (Leaflet)', '../../node_modules/react-leaflet/lib/MapContainer.js'],
    ['maps (Leaflet)', '../../node_modules/@react-leaflet/core/lib/context.js'],
    ['charts (Recharts, @mantine/charts)', '../../node_modules/recharts/es6/chart/BarChart.js'],
    ['charts (Recharts, @mantine/charts)', '../../node_modules/@mantine/charts/esm/BarChart/BarChart.mjs'],
    ['charts (Recharts, @mantine/charts)', '..\\..\\node_modules\\victory-vendor\\es\\d3-scale.js'],
    ['PDF', '../../node_modules/pdfjs-dist/build/pdf.mjs'],
    ['PDF', '../../node_modules/react-pdf/dist/Document.js'],
    ['PDF', '../../src/features/orders/orders-pdf-modal.tsx'],
  ])('fails when the login page carries %s (%s)', (what, module) => {
    const result = check({ mods: { ...modules, 'assets/input.js': [module] } });
    expect(result.ok).toBe(false);
    expect(result.forbidden).toEqual([{ file: 'assets/input.js', what, module }]);
  });

  it('leaves Mantine core, the app and lazy routes alone', () => {
    expect(check().forbidden).toEqual([]);
  });

  it('refuses a build without the login chunk or with two entries', () => {
    const noLogin = manifest();
    delete noLogin[loginPageSource];
    expect(() => check({ build: noLogin })).toThrow(/no chunk for src\/features\/auth\/login-page\.tsx/);
    const twoEntries = manifest();
    twoEntries['_api.js'].isEntry = true;
    expect(() => check({ build: twoEntries })).toThrow(/expected one entry/);
    expect(() => staticGraph({ a: { file: 'a.js', imports: ['b'] } }, ['a'])).toThrow(/no chunk "b"/);
  });
});

describe('the pages without zod (decision 0096)', () => {
  const pages = (driverImports) => ({
    'index.html': { file: 'assets/index.js', isEntry: true, imports: [] },
    'src/app/app-frame.tsx': { file: 'assets/app-frame.js', isDynamicEntry: true },
    [schemaFreePages[0]]: { file: 'assets/dashboard-page.js', isDynamicEntry: true },
    [schemaFreePages[1]]: { file: 'assets/driver-day-page.js', isDynamicEntry: true, imports: driverImports },
    '_delivery.js': { file: 'assets/delivery.js', imports: ['_schemas.js'] },
    '_schemas.js': { file: 'assets/schemas.js' },
  });
  const mods = {
    'assets/delivery.js': ['../../../contracts/src/delivery.ts'],
    'assets/schemas.js': ['../../../node_modules/zod/v4/classic/schemas.js'],
  };
  const modulesOf = (file) => mods[file] ?? [];

  it('passes when no page reaches a chunk with zod', () => {
    expect(checkSchemaFree({ manifest: pages([]), modulesOf }).ok).toBe(true);
  });

  it('names the page and the chunk when one reaches zod through another chunk', () => {
    const result = checkSchemaFree({ manifest: pages(['_delivery.js']), modulesOf });
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      expect.stringContaining(`${schemaFreePages[1]} loads zod (in assets/schemas.js)`),
    ]);
  });

  it('counts a stage that index.html preloads, and names a preloaded file the manifest lacks', () => {
    const build = { ...pages([]), 'src/app/app.tsx': { file: 'assets/app.js', imports: ['_schemas.js'] } };
    const result = checkSchemaFree({ manifest: build, modulesOf, preloaded: ['assets/app.js'] });
    expect(result.problems).toHaveLength(2);
    expect(result.problems[0]).toContain('loads zod (in assets/schemas.js)');
    expect(() => checkSchemaFree({ manifest: build, modulesOf, preloaded: ['assets/gone.js'] })).toThrow(
      /preloads assets\/gone\.js/,
    );
  });

  it('refuses a build without one of the pages', () => {
    const build = pages([]);
    delete build[schemaFreePages[0]];
    expect(checkSchemaFree({ manifest: build, modulesOf }).problems[0]).toContain('has no chunk');
  });
});

describe('check-budget.mjs on a built dist', () => {
  const script = path.join(import.meta.dirname, 'check-budget.mjs');
  const made = [];
  afterAll(() => {
    for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  });

  function fakeDist(entryCode, entryModules, stageCode = 'export const c=1;') {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'letokruh-budget-'));
    made.push(dist);
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.mkdirSync(path.join(dist, 'assets'));
    const build = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: [] },
      [loginPageSource]: { file: 'assets/login-page.js', isDynamicEntry: true },
      'src/app/app.tsx': { file: 'assets/app.js', isDynamicEntry: true },
      ...Object.fromEntries(
        schemaFreePages.map((page, i) => [page, { file: `assets/page-${i}.js`, isDynamicEntry: true }]),
      ),
    };
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(build));
    const write = (file, code, sources) => {
      fs.writeFileSync(path.join(dist, file), code);
      fs.writeFileSync(path.join(dist, `${file}.map`), JSON.stringify({ version: 3, sources, mappings: '' }));
    };
    write('assets/index.js', entryCode, entryModules);
    write('assets/app.js', stageCode, ['../../src/app/app.tsx']);
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<script type="module" crossorigin src="/assets/index.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/app.js">',
    );
    write('assets/login-page.js', 'export const a=1;', ['../../src/features/auth/login-page.tsx']);
    for (const [i, page] of schemaFreePages.entries()) {
      write(`assets/page-${i}.js`, 'export const b=1;', [`../../${page}`]);
    }
    return dist;
  }

  const run = (dist) => spawnSync(process.execPath, [script, dist], { encoding: 'utf8' });

  it('prints the figures and exits 0 within the budget', () => {
    const result = run(fakeDist('console.log(1);', ['../../src/main.tsx']));
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/✓ within budget: 0\.\d of 250\.0 KiB gzip/);
  });

  it('exits 1 with the figures when random (incompressible) code passes 250 KiB gzipped', () => {
    // Base64 of random bytes gzips to about 3/4 of its size: 400 KiB of it stays over 250 KiB.
    const noise = crypto.randomBytes(300 * KiB).toString('base64');
    const result = run(fakeDist(`const s=${JSON.stringify(noise)};`, ['../../src/main.tsx']));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /✗ the login page loads \d+\.\d KiB of gzipped JavaScript, over the budget of 250\.0 KiB/,
    );
    expect(result.stderr).toContain('assets/index.js');
  });

  it('counts a stage of the entry that index.html preloads', () => {
    const noise = crypto.randomBytes(300 * KiB).toString('base64');
    const result = run(
      fakeDist('console.log(1);', ['../../src/main.tsx'], `const s=${JSON.stringify(noise)};`),
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('assets/app.js');
  });

  it('exits 1 when the entry holds Leaflet', () => {
    const result = run(fakeDist('console.log(1);', ['../../node_modules/leaflet/dist/leaflet-src.js']));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('maps (Leaflet) is loaded by the login page');
  });

  it('exits 1 when the manifest is missing', () => {
    const dist = fakeDist('', []);
    fs.rmSync(path.join(dist, '.vite'), { recursive: true });
    const result = run(dist);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('build.manifest must be on');
  });
});
