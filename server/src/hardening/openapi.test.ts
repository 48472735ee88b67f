import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { compileErrors, validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { OpenAPIV3_1 } from 'openapi-types';
import openapiTS from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp } from '../test/build.ts';

/**
 * Decision 0039: the served document is what a client developer generates a client from, so it has to
 * be a valid OpenAPI 3.1 document that names every route with its real input and answers.
 */
let t: BuiltTestApp;
let doc: OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject;
type Response = OpenAPIV3_1.ResponseObject;
let operations: { key: string; op: Operation }[];

beforeAll(async () => {
  t = await buildTestApp();
  const answer = await t.app.inject({ method: 'GET', url: '/api/docs' });
  expect(answer.statusCode).toBe(200);
  doc = answer.json();
  operations = Object.entries(doc.paths ?? {}).flatMap(([url, item]) =>
    Object.entries(item ?? {}).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${url}`,
      op: op as Operation,
    })),
  );
}, 300_000);
afterAll(() => t?.close());

const refsIn = (value: unknown, found: string[] = []): string[] => {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner);
      else refsIn(inner, found);
    }
  }
  return found;
};

describe('the OpenAPI document at /api/docs', () => {
  it('is valid OpenAPI 3.1 by @readme/openapi-parser, without errors or warnings', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.warnings).toEqual([]);
  });

  it('holds only valid JSON Schema 2020-12 schemas (the 3.1 dialect; the parser does not check them)', () => {
    const ajv = new Ajv2020({ strict: true, validateFormats: false });
    const schemas: [string, unknown][] = Object.entries(doc.components?.schemas ?? {});
    const walk = (value: unknown, at: string): void => {
      if (!value || typeof value !== 'object') return;
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'schema') schemas.push([`${at}/schema`, inner]);
        else walk(inner, `${at}/${key}`);
      }
    };
    walk(doc.paths, '#/paths');
    expect(schemas.length).toBeGreaterThan(500);
    const invalid = schemas.filter(([, schema]) => !ajv.validateSchema(schema as object));
    expect(invalid.map(([at]) => at)).toEqual([]);
  });

  it('resolves every $ref to a schema in components', () => {
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(100);
    const schemas = doc.components?.schemas ?? {};
    const missing = refs.filter((ref) => !schemas[ref.replace('#/components/schemas/', '')]);
    expect([...new Set(missing)]).toEqual([]);
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining(['ApiError', 'Order', 'Customer', 'Supplier']),
    );
  });

  it('names every route of the app, and nothing else', () => {
    const routes = t.app.routesSeen
      .filter((r) => r.url.startsWith('/api/'))
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(routes.length).toBeGreaterThan(100);
    expect(operations.map((o) => o.key).sort()).toEqual([...new Set(routes)].sort());
  });

  it('gives every success answer its content and every 4xx the shared ApiError body', () => {
    const bare: string[] = [];
    const otherErrors: string[] = [];
    for (const { key, op } of operations) {
      for (const [status, answer] of Object.entries(op.responses ?? {}) as [string, Response][]) {
        const content = answer.content ?? {};
        if (status.startsWith('2') && Object.keys(content).length === 0) bare.push(`${key} ${status}`);
        if (/^4\d\d$|^default$/.test(status)) {
          const schema = content['application/json']?.schema as Record<string, unknown> | undefined;
          const isApiError = schema?.$ref === '#/components/schemas/ApiError';
          // Declared 409s carry the matches or clashes beside the same error_code and message.
          const hasCode = (schema?.required as string[] | undefined)?.includes('error_code');
          if (!isApiError && !hasCode) otherErrors.push(`${key} ${status}`);
        }
      }
      expect(op.responses?.default, key).toBeDefined();
    }
    expect(bare).toEqual([]);
    expect(otherErrors).toEqual([]);
    const login = doc.paths?.['/api/auth/login']?.post;
    expect(Object.keys(login?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '403', 'default']),
    );
    expect(login?.security).toEqual([{ csrf: [] }]);
    expect(doc.paths?.['/api/orders']?.get?.responses?.['401']).toBeDefined();
  });

  it('declares uploads as multipart/form-data with their fields and downloads as binary of their type', () => {
    const uploads = operations.filter(({ op }) => op.requestBody && 'content' in op.requestBody);
    const forms = uploads.filter(
      ({ op }) => 'multipart/form-data' in (op.requestBody as { content: object }).content,
    );
    expect(forms.map((f) => f.key).sort()).toEqual([
      'POST /api/auth/avatar',
      'POST /api/customer/{id}/files/add',
      'POST /api/driver/order/{id}/delivered',
      'POST /api/order/{id}/files/add',
      'POST /api/transportation/{id}/files/add',
    ]);
    // The proof of delivery: its record and its signature are required, photos may come.
    const proof = doc.paths?.['/api/driver/order/{id}/delivered']?.post?.requestBody;
    const proofForm = (proof as OpenAPIV3_1.RequestBodyObject | undefined)?.content['multipart/form-data']
      ?.schema as OpenAPIV3_1.SchemaObject;
    expect(proofForm.required).toEqual(expect.arrayContaining(['signature', 'delivery']));
    expect(proofForm.properties?.photo).toMatchObject({ type: 'array' });
    const orderUpload = doc.paths?.['/api/order/{id}/files/add']?.post?.requestBody;
    const orderForm = (orderUpload as OpenAPIV3_1.RequestBodyObject | undefined)?.content[
      'multipart/form-data'
    ]?.schema as OpenAPIV3_1.SchemaObject;
    expect(orderForm.required).toEqual(['title', 'file_type', 'file']);
    expect(orderForm.properties?.file).toMatchObject({ type: 'string', format: 'binary' });

    const media = (url: string) => {
      const answer = doc.paths?.[url]?.get?.responses?.['200'] as Response;
      return Object.entries(answer.content ?? {}).map(([type, m]) => [
        type,
        (m.schema as { format?: string }).format,
      ]);
    };
    expect(media('/api/order/{id}/get_delivery_note')).toEqual([['application/pdf', 'binary']]);
    expect(media('/api/download-orders')).toEqual([['application/pdf', 'binary']]);
    expect(media('/api/stats_orders')).toEqual([
      ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'binary'],
    ]);
    expect(media('/api/auth/avatar')).toContainEqual(['image/png', 'binary']);
    expect(media('/api/order/{id}/files/{fileId}/download')).toContainEqual(['application/pdf', 'binary']);
  });

  it('types a client: openapi-typescript generates it and tsc accepts good calls, refuses a wrong one', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'letokruh-client-'));
    try {
      await fs.writeFile(path.join(dir, 'api.ts'), await openapiTS(structuredClone(doc) as never));
      await fs.writeFile(path.join(dir, 'calls.ts'), clientCalls);
      const tsc = path.join(
        path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')),
        'bin',
        'tsc',
      );
      const run = promisify(execFile)(
        process.execPath,
        [
          tsc,
          '--noEmit',
          '--strict',
          '--target',
          'es2022',
          '--module',
          'esnext',
          '--moduleResolution',
          'bundler',
          '--types',
          '',
          '--lib',
          'es2022,dom',
          'calls.ts',
        ],
        { cwd: dir },
      );
      await expect(
        run.catch((error: { stdout: string }) => Promise.reject(new Error(error.stdout))),
      ).resolves.toBeDefined();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the README for client developers', () => {
  it('signs in, reads and uploads with exactly its curl lines', async () => {
    const readme = await fs.readFile(path.join(import.meta.dirname, '../../../README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## For client developers'));
    const script = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
    expect(script).toContain('X-CSRFTOKEN');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'letokruh-curl-'));
    try {
      const lines = script!.replaceAll('http://127.0.0.1:3000', `http://127.0.0.1:${port}`);
      const { stdout } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', lines], { cwd: dir });
      expect(stdout).toContain('"username":"owner"');
      expect(stdout).toMatch(/"items":\[\{"id":\d+/);
      expect(stdout).toContain('"title":"Driver note"');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

/** What a client developer writes against the generated types; `@ts-expect-error` must be needed. */
const clientCalls = `
import type { components, paths } from './api';

type JsonOf<A> = A extends { content: { 'application/json': infer Body } } ? Body : never;
type Get<P extends keyof paths> = paths[P] extends { get: infer Op } ? Op : never;

/** A typed GET: the path, its parameters and its 200 answer come from the document. */
async function get<P extends keyof paths>(
  url: P,
  params: Get<P> extends { parameters: { path: infer Ids } } ? Ids : Record<string, never>,
): Promise<JsonOf<Get<P> extends { responses: { 200: infer Ok } } ? Ok : never>> {
  const filled = Object.entries(params as Record<string, unknown>).reduce((u, [k, v]) => u.replace('{' + k + '}', String(v)), url as string);
  const answer = await fetch(filled, { credentials: 'include' });
  return answer.json();
}

type Login = paths['/api/auth/login']['post'];
export const signIn: Login['requestBody']['content']['application/json'] = { username: 'owner', password: 'demo' };
// @ts-expect-error the login needs a password
export const noPassword: Login['requestBody']['content']['application/json'] = { username: 'owner' };
export type Profile = JsonOf<Login['responses'][200]>['user'];

export async function internNumber(id: number): Promise<number> {
  const { item } = await get('/api/order/{id}', { id });
  return item.intern_id;
}
// @ts-expect-error an order is named by a number
export const wrongId = get('/api/order/{id}', { id: 'five' });

export type Upload = paths['/api/order/{id}/files/add']['post']['requestBody']['content']['multipart/form-data'];
export const invoice: Upload = { title: 'Faktura 2026/15', file_type: 'Faktura', file: '' };
// @ts-expect-error an order file is Dodací list, Faktura or Jiné
export const contract: Upload = { title: 'Smlouva', file_type: 'Smlouva', file: '' };

export type DeliveryNote = paths['/api/order/{id}/get_delivery_note']['get']['responses'][200]['content']['application/pdf'];
export const refused: components['schemas']['ApiError'] = { error_code: 112, message: 'Not logged in' };
export type Refusal = JsonOf<paths['/api/orders']['get']['responses'][401]>['error_code'];
`;
