import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { auditEntities } from '@letokruh/contracts/audit';
import { endpoints } from '@letokruh/contracts/endpoints/index';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import cs from '../../i18n/cs.json';
import en from '../../i18n/en.json';
import { hiddenFields } from './change-details';

/**
 * Decision 0088: the audit log shows no code names. Every field a call can send, every action the
 * server writes and every area have words in both catalogues, so a new one fails here, not on the
 * owner's screen.
 */
const root = path.resolve(import.meta.dirname, '../../../..');

/** The property names of a JSON schema, at every depth. */
function keysOf(schema: unknown, out = new Set<string>(), depth = 0): Set<string> {
  if (!schema || typeof schema !== 'object' || depth > 8) return out;
  const s = schema as Record<string, unknown>;
  if (s.properties && typeof s.properties === 'object')
    for (const [key, inner] of Object.entries(s.properties)) {
      out.add(key);
      keysOf(inner, out, depth + 1);
    }
  keysOf(s.items, out, depth + 1);
  for (const list of [s.anyOf, s.oneOf, s.allOf])
    if (Array.isArray(list)) for (const inner of list) keysOf(inner, out, depth + 1);
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [file] : [];
  });
}

describe('the audit log’s words', () => {
  it('labels every field a call sends, in Czech and in English', () => {
    const keys = new Set<string>();
    for (const area of Object.values(endpoints))
      for (const call of Object.values(area as Record<string, { method: string; body?: z.ZodType }>))
        if (call.method !== 'GET' && call.body)
          keysOf(z.toJSONSchema(call.body, { io: 'input', unrepresentable: 'any' }), keys);
    expect(keys.size).toBeGreaterThan(100);
    const missing = [...keys].filter(
      (k) => !hiddenFields.has(k) && (!(k in cs.audit.field) || !(k in en.audit.field)),
    );
    expect(missing).toEqual([]);
  });

  it('names every action the server records and every area', () => {
    const actions = new Set<string>();
    for (const file of sourceFiles(path.join(root, 'server/src/modules'))) {
      const text = readFileSync(file, 'utf8');
      if (!/audit\.targets|insertAudit|writeAudit/.test(text) && !file.endsWith('audit.targets.ts'))
        continue;
      for (const m of text.matchAll(/\baction: '(\w+)'/g)) actions.add(m[1]!);
    }
    expect(actions).toContain('delivery_proof');
    expect(actions).toContain('delivered');
    const missing = [...actions].filter((a) => !(a in cs.audit.actions) || !(a in en.audit.actions));
    expect(missing).toEqual([]);
    expect(auditEntities.filter((e) => !(e in cs.audit.entities) || !(e in en.audit.entities))).toEqual([]);
  });
});
