#!/usr/bin/env node
// Runs after `vite build` (web's "build" script): fails the build when the login page loads more
// than its budget of gzipped JavaScript, or any calendar, map, chart or PDF code. The figures are
// printed either way. Sizes are gzip at zlib's default level; the modules of each chunk come from
// its source map (build.sourcemap must stay on, true or 'hidden').
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { checkLoginBudget, checkSchemaFree, formatReport, schemaFreePages } from './budget.mjs';

const dist = path.resolve(import.meta.dirname, '..', process.argv[2] ?? 'dist');
const manifestFile = path.join(dist, '.vite', 'manifest.json');

function fail(message) {
  console.error(`✗ web budget check: ${message}`);
  process.exit(1);
}

if (!fs.existsSync(manifestFile)) fail(`no ${manifestFile}: build.manifest must be on in web/vite.config.ts`);
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

const sizeOf = (file) => {
  const bytes = fs.readFileSync(path.join(dist, file));
  return { raw: bytes.length, gzip: zlib.gzipSync(bytes).length };
};

const modulesOf = (file) => {
  const mapFile = path.join(dist, `${file}.map`);
  // Vite's own module-preload helper (a virtual module, split out once the boot preloads pages)
  // has no source map: it holds no module of ours.
  if (!fs.existsSync(mapFile) && /^assets\/preload-helper-[\w-]+\.js$/.test(file))
    return ['\0vite/preload-helper.js'];
  // So too Rolldown's CommonJS interop helpers, split out once two lazy chunks use a CommonJS
  // package (Leaflet: the customer's map and the driver's route).
  if (!fs.existsSync(mapFile) && /^assets\/rolldown-runtime-[\w-]+\.js$/.test(file))
    return ['\0rolldown/runtime.js'];
  if (!fs.existsSync(mapFile)) {
    // The entry's own file once shared chunks are copied into their readers (decision 0098): one
    // import and one call, no source map, too small to hold any module the check looks for.
    if (fs.statSync(path.join(dist, file)).size < 256) return [];
    fail(`no source map ${mapFile}: the check reads each chunk's modules from it (build.sourcemap)`);
  }
  return JSON.parse(fs.readFileSync(mapFile, 'utf8')).sources ?? [];
};

// What index.html preloads: the entry's imports and its stages (main.tsx, decision 0104).
const preloaded = [
  ...fs
    .readFileSync(path.join(dist, 'index.html'), 'utf8')
    .matchAll(/<link rel="modulepreload"[^>]* href="\/([^"]+)"/g),
].map((m) => m[1]);

let result;
try {
  result = checkLoginBudget({ manifest, sizeOf, modulesOf, preloaded });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const report = formatReport(result);
if (result.ok) {
  console.log(report);
} else {
  console.error(report);
  console.error('\nThe web build fails its budget (decision 0020): see web/scripts/budget.mjs.');
  process.exit(1);
}
const schemaFree = checkSchemaFree({ manifest, modulesOf, preloaded });
if (!schemaFree.ok) {
  for (const problem of schemaFree.problems) console.error(`✗ ${problem}`);
  process.exit(1);
}
console.log(`✓ no zod on the first screen of ${schemaFreePages.join(', ')}`);
