import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asciiFilename, contentDisposition, safeFilename } from '../plugins/download.ts';
import { type BuiltTestApp, buildTestApp, type Client, login, multipart } from '../test/build.ts';
import { pdf, png } from '../test/files.ts';

/**
 * Decision 0022, downloads: every answer that is a file (stored files, the avatar, delivery notes,
 * the orders PDF, XLSX exports) is an attachment with a sanitised name, an ASCII fallback and
 * the RFC 5987 name, and `X-Content-Type-Options: nosniff`. The walk goes over every GET route
 * and judges every answer that is not JSON, so a new download route is judged without a list.
 */
let t: BuiltTestApp;
let owner: Client;
const ids: Record<string, number> = {};
const fileIds: Record<string, number> = {};
let supplier: number;
let warehouse: number;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** Separators, a right-to-left override, control characters, a quote and a program's extension. */
const nastyName = '..\\../Fak\u202eturа\u0000\r\n"; x=.pdf.exe';

beforeAll(async () => {
  t = await buildTestApp();
  owner = await login(t.app, 'owner');
  for (const table of ['orders', 'customers', 'transportations']) {
    ids[table] = rowsOf<{ id: number }>(
      await t.db.execute(
        sql`select min(id)::int as id from ${sql.identifier(table)} ${table === 'orders' ? sql`where customer_id is not null and not hidden` : sql``}`,
      ),
    )[0]!.id;
  }
  supplier = ((await owner.get('/api/suppliers')).json().items as { id: number }[])[0]!.id;
  warehouse = rowsOf<{ id: number }>(
    await t.db.execute(sql`select warehouse_id::int as id from orders where id = ${ids.orders}`),
  )[0]!.id;
  for (const owned of ['order', 'customer', 'transportation']) {
    const form = new FormData();
    form.append('title', 'Příloha');
    form.append('file_type', 'Jiné');
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), nastyName);
    const encoded = new Response(form);
    const answer = await owner.post(
      `/api/${owned}/${ids[`${owned}s`]}/files/add`,
      Buffer.from(await encoded.arrayBuffer()),
      { headers: { 'content-type': encoded.headers.get('content-type') ?? '' } },
    );
    if (answer.statusCode !== 201)
      throw new Error(`${owned} upload answered ${answer.statusCode}: ${answer.body}`);
    fileIds[owned] = answer.json().item.id;
  }
  const avatar = await multipart('avatar', png, 'me.png', 'image/png');
  expect((await owner.post('/api/auth/avatar', avatar.payload, { headers: avatar.headers })).statusCode).toBe(
    200,
  );
});
afterAll(() => t?.close());

const today = pragueDay();
/** The query each download needs (anything else is judged with no query). */
function queryFor(url: string): string {
  if (url.endsWith('/get_delivery_note')) return `?supplier=${supplier}&language=cs`;
  if (url.endsWith('/download_multiple_delivery_notes')) return `?orders=${ids.orders}&supplier=${supplier}`;
  if (url.endsWith('/download-orders')) return `?warehouse=${warehouse}&from=${today}`;
  return `?from=2020-01-01&to=${today}`;
}
function fill(url: string): string {
  const owned = /^\/api\/(order|customer|transportation)\//.exec(url)?.[1] ?? 'order';
  return url.replace(':fileId', String(fileIds[owned])).replace(/:[^/]+/g, String(ids[`${owned}s`]));
}

function judge(url: string, answer: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const h = answer.headers;
  const disposition = String(h['content-disposition'] ?? '');
  const match = /^attachment; filename="([\x20-\x7e]*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+.^_`|~%-]+)$/.exec(
    disposition,
  );
  if (!match) problems.push(`${url}: content-disposition ${JSON.stringify(disposition)}`);
  else {
    const [, ascii, encoded] = match;
    if (/["\\/]/.test(ascii!)) problems.push(`${url}: fallback ${ascii}`);
    const name = decodeURIComponent(encoded!);
    if (/[/\\\p{Cc}\p{Cf}]/u.test(name)) problems.push(`${url}: name ${JSON.stringify(name)}`);
    if (/\.(exe|html?|svg|js|bat|cmd)$/i.test(name)) problems.push(`${url}: active extension ${name}`);
  }
  if (h['x-content-type-options'] !== 'nosniff') problems.push(`${url}: no nosniff`);
  if (!/no-store|no-cache/.test(String(h['cache-control']))) problems.push(`${url}: cache-control`);
  return problems;
}

describe('every download route', () => {
  it('answers an attachment with safe names and nosniff (walked over every GET route)', async () => {
    const gets = t.app.routesSeen.filter(
      (r) =>
        r.method === 'GET' &&
        r.url.startsWith('/api/') &&
        !['/api/auth/logout', '/api/order/add'].includes(r.url),
    );
    const downloads: string[] = [];
    const problems: string[] = [];
    for (const route of gets) {
      if (route.url.includes(':id/copy')) continue;
      const answer = await owner.get(fill(route.url) + queryFor(route.url));
      const type = String(answer.headers['content-type'] ?? '');
      if (answer.statusCode !== 200 || type.startsWith('application/json') || type.startsWith('text/html'))
        continue;
      downloads.push(route.url);
      problems.push(...judge(route.url, answer));
    }
    expect(problems).toEqual([]);
    // The walk found them all: three stored-file downloads, the avatar, three PDFs, the exports.
    expect(downloads).toEqual(
      expect.arrayContaining([
        '/api/order/:id/files/:fileId/download',
        '/api/customer/:id/files/:fileId/download',
        '/api/transportation/:id/files/:fileId/download',
        '/api/auth/avatar',
        '/api/order/:id/get_delivery_note',
        '/api/download_multiple_delivery_notes',
        '/api/download-orders',
      ]),
    );
    expect(
      downloads.filter(
        (u) =>
          !u.includes('files') &&
          !u.includes('avatar') &&
          !u.includes('deliver') &&
          !u.includes('download-orders'),
      ).length,
    ).toBeGreaterThan(0);
  });

  it('the stored name of a nasty upload is the sanitised one, and the download names it', async () => {
    const [row] = rowsOf<{ name: string }>(
      await t.db.execute(sql`select name from files where id = ${fileIds.customer}`),
    );
    const name = row!.name;
    expect(name).not.toMatch(/[/\\\p{Cc}\p{Cf}]/u);
    expect(name).toMatch(/^Fak.*_exe\.pdf$/u);
    const answer = await owner.get(`/api/customer/${ids.customers}/files/${fileIds.customer}/download`);
    const encoded = /filename\*=UTF-8''(.+)$/.exec(String(answer.headers['content-disposition']))![1]!;
    expect(decodeURIComponent(encoded)).toBe(name);
  });
});

describe('safeFilename', () => {
  it.each([
    ['../../etc/passwd', '_.._etc_passwd'],
    ['C:\\Windows\\system32\\cmd.exe', 'C__Windows_system32_cmd_exe'],
    ['fotka\u202egnp.exe', 'fotkagnp_exe'],
    ['a\u0000b\u0007c\u200bd\ufeff.pdf', 'abcd.pdf'],
    ['  ..hidden  ', 'hidden'],
    ['', 'soubor'],
    ['dodací list č. 5.pdf', 'dodací list č. 5.pdf'],
    ['page.HTML', 'page_HTML'],
    ['logo.svg', 'logo_svg'],
  ])('%j → %j', (input, expected) => {
    expect(safeFilename(input)).toBe(expected);
  });

  it('an active extension is replaced by the detected type', () => {
    expect(safeFilename('faktura.pdf.exe', 'pdf')).toBe('faktura.pdf_exe.pdf');
  });

  it('is idempotent and keeps the extension within 180 characters', () => {
    const long = `${'ř'.repeat(500)}.pdf`;
    expect(safeFilename(long)).toHaveLength(180);
    expect(safeFilename(long).endsWith('.pdf')).toBe(true);
    expect(safeFilename(safeFilename('x.exe', 'png'), 'png')).toBe(safeFilename('x.exe', 'png'));
  });

  it('the header: ASCII fallback without quotes, RFC 5987 name with every special encoded', () => {
    expect(asciiFilename('Objednávka "5"; 100%.pdf')).toBe('Objednavka _5__ 100_.pdf');
    expect(contentDisposition("Dřevo (1)'*.pdf")).toBe(
      "attachment; filename=\"Drevo (1)'*.pdf\"; filename*=UTF-8''D%C5%99evo%20%281%29%27%2A.pdf",
    );
  });
});
