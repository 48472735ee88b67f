import fs from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode } from '@letokruh/contracts/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, login } from '../test/build.ts';
import { pdf, png } from '../test/files.ts';

// Decision 0020, uploads: explicit size and count limits (413), content checked by magic bytes against
// the declared type (415), stored outside the served folder under server-made names, downloaded
// as attachments with the original name safely encoded; racing uploads lose nothing.
const limit = 64 * 1024;
let t: BuiltTestApp;
let dispatcher: Client;
let customerId: number;

beforeAll(async () => {
  t = await buildTestApp({ UPLOAD_LIMIT_BYTES: String(limit) });
  dispatcher = await login(t.app, 'dispatcher');
  const rows = await rowsOf<{ id: number }>(t.db, sql`select min(id) as id from customers`);
  customerId = Number(rows[0]!.id);
});
afterAll(() => t?.close());

type Part = { data: Buffer | string; name: string; type: string };

async function send(files: Part[], fields = { title: 'Příloha', file_type: 'Jiné' }) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const f of files) body.append('file', new Blob([f.data], { type: f.type }), f.name);
  const encoded = new Response(body);
  return dispatcher.post(`/api/customer/${customerId}/files/add`, Buffer.from(await encoded.arrayBuffer()), {
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  });
}

const storedFiles = async () => {
  try {
    return await fs.readdir(path.join(t.dataDir, 'files', 'customers'));
  } catch {
    return [];
  }
};
const fileRows = async () =>
  Number((await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from files`))[0]!.n);

const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

describe('content checked by its bytes', () => {
  it.each([
    ['a program called a PDF', { data: exe, name: 'faktura.pdf', type: 'application/pdf' }],
    ['a program sent as a binary', { data: exe, name: 'setup.exe', type: 'application/octet-stream' }],
    ['a PNG called a PDF', { data: png, name: 'scan.pdf', type: 'application/pdf' }],
    ['a PDF called text', { data: pdf, name: 'notes.txt', type: 'text/plain' }],
    ['HTML a browser would run', { data: '<script>alert(1)</script>', name: 'x.html', type: 'text/html' }],
    ['SVG with a script', { data: '<svg onload="alert(1)"/>', name: 'logo.svg', type: 'image/svg+xml' }],
    ['text that is not UTF-8', { data: Buffer.from([0xc3, 0x28, 0xff]), name: 'a.txt', type: 'text/plain' }],
  ])('%s is refused with 415 / 122 and nothing is kept', async (_, file) => {
    const [rowsBefore, filesBefore] = [await fileRows(), (await storedFiles()).length];
    const response = await send([file]);
    expect(response.statusCode, response.body).toBe(415);
    expect(response.json().error_code).toBe(ErrorCode.unsupportedFileType);
    expect(await fileRows()).toBe(rowsBefore);
    expect((await storedFiles()).length).toBe(filesBefore);
  });

  it('a real PDF, PNG and UTF-8 text are taken, stored under the detected type', async () => {
    for (const [file, mime] of [
      [{ data: pdf, name: 'dodací list.pdf', type: 'application/pdf' }, 'application/pdf'],
      [{ data: png, name: 'fotka', type: 'application/octet-stream' }, 'image/png'],
      [{ data: 'Příjezd za kapličkou vpravo.', name: 'cesta.txt', type: 'text/plain' }, 'text/plain'],
    ] as const) {
      const response = await send([file]);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().item.content_type).toBe(mime);
    }
  });
});

describe('limits', () => {
  it(`a file over UPLOAD_LIMIT_BYTES (${limit}) answers 413 / 121 and writes nothing`, async () => {
    const [rowsBefore, filesBefore] = [await fileRows(), (await storedFiles()).length];
    const big = Buffer.concat([pdf, Buffer.alloc(limit, 0x20)]);
    const response = await send([{ data: big, name: 'big.pdf', type: 'application/pdf' }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error_code).toBe(ErrorCode.payloadTooLarge);
    expect(await fileRows()).toBe(rowsBefore);
    expect((await storedFiles()).length).toBe(filesBefore);
  });

  it('two files in one upload answer 413 and write nothing', async () => {
    const rowsBefore = await fileRows();
    const response = await send([
      { data: pdf, name: 'a.pdf', type: 'application/pdf' },
      { data: pdf, name: 'b.pdf', type: 'application/pdf' },
    ]);
    expect(response.statusCode).toBe(413);
    expect(await fileRows()).toBe(rowsBefore);
  });
});

describe('storage and download', () => {
  it('stores under a server-made name outside the served folder; downloads as an attachment', async () => {
    const name = 'x"; filename=evil.html; .pdf';
    const before = new Set(await storedFiles());
    const response = await send([{ data: pdf, name, type: 'application/pdf' }]);
    expect(response.statusCode, response.body).toBe(201);
    const added = (await storedFiles()).filter((f) => !before.has(f));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^[0-9a-f-]{36}\.pdf$/);

    const id = response.json().item.id;
    const download = await dispatcher.get(`/api/customer/${customerId}/files/${id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    const disposition = download.headers['content-disposition'] as string;
    // One quoted ASCII name with no quote inside, and the original name percent-encoded.
    expect(disposition).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''[^\s";]+$/);
    const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)![1]!;
    expect(decodeURIComponent(encoded)).toBe(response.json().item.name);
    expect(response.json().item.name).toContain('evil.html');
    expect(download.headers['x-content-type-options']).toBe('nosniff');

    // The storage folder is not under the web root: its path serves no file.
    const direct = await dispatcher.get(`/files/customers/${added[0]}`);
    expect(direct.rawPayload.equals(pdf)).toBe(false);
  });

  it('20 uploads racing to one customer keep 20 rows and 20 files, each with its own bytes', async () => {
    const [rowsBefore, filesBefore] = [await fileRows(), (await storedFiles()).length];
    const bodies = Array.from({ length: 20 }, (_, i) => `Soubor číslo ${i} ${'x'.repeat(i * 100)}`);
    const answers = await Promise.all(
      bodies.map((data, i) => send([{ data, name: `soubor-${i}.txt`, type: 'text/plain' }])),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(bodies.map(() => 201));
    expect(await fileRows()).toBe(rowsBefore + 20);
    expect((await storedFiles()).length).toBe(filesBefore + 20);
    for (const [i, answer] of answers.entries()) {
      const id = answer.json().item.id;
      const download = await dispatcher.get(`/api/customer/${customerId}/files/${id}/download`);
      expect(download.body).toBe(bodies[i]);
    }
  });
});
