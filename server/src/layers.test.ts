import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Decision 0091: the server's layers, read from the source as biome.json's `noRestrictedImports`
 * reads them, and besides what a lint rule cannot see: a cycle between modules. `plugins/` and
 * `db/` import no module; a module imports another module's `*.service.ts` or its `index.ts` only,
 * and an `index.ts` names what it offers (no `export *`); the modules' imports make no cycle.
 * Tests and their fixtures are outside the rule: a test may borrow another area's.
 */

const src = path.dirname(fileURLToPath(import.meta.url));

/** What one file imports (static, type-only, re-exported, dynamic) and whether it has `export *`. */
function readImports(source: string): { specifiers: string[]; exportsAll: boolean } {
  const specifiers: string[] = [];
  let exportsAll = false;
  let last = '';
  let beforeLast = '';
  const push = (token: string) => {
    beforeLast = last;
    last = token;
  };
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (/\s/.test(c)) i++;
    else if (source.startsWith('//', i)) i = lineEnd(source, i);
    else if (source.startsWith('/*', i)) i = commentEnd(source, i);
    else if (c === '"' || c === "'") {
      const end = stringEnd(source, i);
      if (last === 'from' || last === 'import' || (last === '(' && beforeLast === 'import')) {
        specifiers.push(source.slice(i + 1, end - 1));
      }
      i = end;
      push('"');
    } else if (c === '`') {
      i = templateEnd(source, i);
      push('`');
    } else if (c === '/' && regexMayStart(last)) {
      i = regexEnd(source, i);
      push('/');
    } else if (/[A-Za-z_$]/.test(c)) {
      let j = i + 1;
      while (j < source.length && /[\w$]/.test(source[j]!)) j++;
      push(source.slice(i, j));
      i = j;
    } else {
      if (c === '*' && last === 'export') exportsAll = true;
      push(c);
      i++;
    }
  }
  return { specifiers, exportsAll };
}

const lineEnd = (s: string, i: number) => {
  const end = s.indexOf('\n', i);
  return end < 0 ? s.length : end;
};
const commentEnd = (s: string, i: number) => {
  const end = s.indexOf('*/', i + 2);
  return end < 0 ? s.length : end + 2;
};
function stringEnd(s: string, i: number): number {
  let j = i + 1;
  while (j < s.length && s[j] !== s[i]) j += s[j] === '\\' ? 2 : 1;
  return j + 1;
}
function templateEnd(s: string, i: number): number {
  let j = i + 1;
  while (j < s.length && s[j] !== '`') {
    if (s[j] === '\\') j += 2;
    else if (s.startsWith('${', j)) j = codeEnd(s, j + 2);
    else j++;
  }
  return j + 1;
}
/** The end of a template's `${…}`: its closing brace, past strings, templates and comments. */
function codeEnd(s: string, i: number): number {
  let depth = 0;
  let j = i;
  while (j < s.length) {
    const c = s[j]!;
    if (c === '"' || c === "'") j = stringEnd(s, j);
    else if (c === '`') j = templateEnd(s, j);
    else if (s.startsWith('//', j)) j = lineEnd(s, j);
    else if (s.startsWith('/*', j)) j = commentEnd(s, j);
    else {
      if (c === '}' && depth-- === 0) return j + 1;
      if (c === '{') depth++;
      j++;
    }
  }
  return j;
}
/** After these a slash starts a regular expression; after a name, a number or a bracket it divides. */
const beforeRegex = new Set([
  '',
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'yield',
  'await',
]);
const regexMayStart = (last: string) => beforeRegex.has(last) || /^[(,=:[!&|?{};+\-*%<>~^]$/.test(last);
function regexEnd(s: string, i: number): number {
  let inClass = false;
  let j = i + 1;
  while (j < s.length && s[j] !== '\n') {
    const c = s[j]!;
    if (c === '\\') j += 2;
    else if (c === '/' && !inClass) {
      j++;
      while (/[a-z]/.test(s[j] ?? '')) j++;
      return j;
    } else {
      if (c === '[') inClass = true;
      if (c === ']') inClass = false;
      j++;
    }
  }
  return i + 1; // a lone slash after all: a division
}

/** The first cycle of a graph, as its nodes with the first one repeated at the end; none: null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    trail.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (state.get(next) === 'open') return [...trail.slice(trail.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    trail.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of [...graph.keys()].sort()) {
    if (state.has(node)) continue;
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

/** The layer of a file under server/src: `modules/<area>`, `plugins`, `db`, or the top (app.ts …). */
const layerOf = (file: string) => {
  const [first, second] = file.split('/');
  if (first === 'modules') return `modules/${second}`;
  return first === 'plugins' || first === 'db' ? first : 'top';
};
const isTest = (file: string) =>
  file.startsWith('test/') || file.endsWith('.test.ts') || path.basename(file).startsWith('test-');

/** The server's own files, their imports resolved to files under server/src. */
function serverImports() {
  const files = (readdirSync(src, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.ts') && !isTest(f));
  return files.map((file) => {
    const { specifiers, exportsAll } = readImports(readFileSync(path.join(src, file), 'utf8'));
    const targets = specifiers
      .filter((s) => s.startsWith('.'))
      .map((s) => path.posix.normalize(path.posix.join(path.posix.dirname(file), s)));
    return { file, targets, exportsAll };
  });
}

/** What another module may import of a module: its services and its index. */
const offered = (target: string) => /^modules\/[^/]+\/(index\.ts$|(.+\/)?[^/]+\.service\.ts$)/.test(target);

describe('the server’s layers (decision 0091)', () => {
  const files = serverImports();

  it('reads the imports of the source: every kind of import, nothing in comments, strings or templates', () => {
    const source = [
      "import type { A } from '../a/a.queries.ts';",
      'import {',
      '  b,',
      "} from '../b/b.service.ts';",
      "export { c } from './c.ts';",
      "import './side-effect.ts';",
      "const d = () => import('../d/index.ts');",
      "// import { e } from '../e/e.queries.ts';",
      "/* export { f } from '../f/f.ts'; */",
      'const g = "copied from \'../g/g.ts\'";',
      // A template's \${…} holds code: its strings are no imports either.
      "const h = sql`select * from 'h' where x = $" + "{`from '../h/h.ts'`}`;",
      "const i = /['\"]/.test(x) ? 1 / 2 : Array.from('../i/i.ts');",
      "export * from './all.ts';",
    ].join('\n');
    expect(readImports(source)).toEqual({
      specifiers: [
        '../a/a.queries.ts',
        '../b/b.service.ts',
        './c.ts',
        './side-effect.ts',
        '../d/index.ts',
        './all.ts',
      ],
      exportsAll: true,
    });
  });

  it('finds a cycle and names it, and none where there is none', () => {
    const graph = (edges: string) =>
      new Map(edges.split(' ').map((e) => [e.split('>')[0]!, new Set(e.split('>')[1]!.split(','))]));
    expect(findCycle(graph('a>b b>c c>a,d d>'))).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle(graph('a>b,c b>c c>d d>'))).toBeNull();
  });

  it('plugins/ and db/ import no module', () => {
    const refused = files.flatMap(({ file, targets }) =>
      layerOf(file) === 'plugins' || layerOf(file) === 'db'
        ? targets.filter((t) => t.startsWith('modules/')).map((t) => `${file} → ${t}`)
        : [],
    );
    expect(refused).toEqual([]);
  });

  it('a module imports another module’s service or index only; an index names what it offers', () => {
    const refused = files.flatMap(({ file, targets }) => {
      const layer = layerOf(file);
      if (!layer.startsWith('modules/')) return [];
      return targets
        .filter((t) => t.startsWith('modules/') && layerOf(t) !== layer && !offered(t))
        .map((t) => `${file} → ${t}`);
    });
    expect(refused).toEqual([]);
    const starred = files.filter((f) => f.exportsAll && f.file.startsWith('modules/')).map((f) => f.file);
    expect(starred).toEqual([]);
  });

  it('the modules’ imports make no cycle', () => {
    const graph = new Map<string, Set<string>>();
    const because = new Map<string, string>();
    for (const { file, targets } of files) {
      const from = layerOf(file);
      if (!from.startsWith('modules/')) continue;
      for (const target of targets) {
        const to = layerOf(target);
        if (!to.startsWith('modules/') || to === from) continue;
        graph.set(from, (graph.get(from) ?? new Set()).add(to));
        if (!graph.has(to)) graph.set(to, new Set());
        because.set(`${from} ${to}`, `${file} → ${target}`);
      }
    }
    const cycle = findCycle(graph);
    // Named with one import of each step, so the failure says where to cut.
    const steps = cycle?.slice(1).map((to, i) => because.get(`${cycle[i]} ${to}`)!);
    expect(steps ?? []).toEqual([]);
    expect(graph.size).toBeGreaterThan(10);
  });
});
