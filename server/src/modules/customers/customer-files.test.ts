import fs from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode } from '@letokruh/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp, type Client, login, type TestApp } from '../../test/build.ts';
import { customerForm } from '../../test/customers.ts';

let t: BuiltTestApp;
let app: TestApp;
let technician: Client;
let driver: Client;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  technician = await login(app, 'technician');
  driver = await login(app, 'driver');
});
afterAll(() => t?.close());

async function form(fields: Record<string, string>, file?: { data: string; name: string; type: string }) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (file) body.append('file', new Blob([file.data], { type: file.type }), file.name);
  const encoded = new Response(body);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

describe('customer files', () => {
  const pdf = { data: '%PDF-1.4 dodací podmínky', name: 'Smlouva řezivo.pdf', type: 'application/pdf' };

  it('uploads, lists, downloads and deletes a file', async () => {
    const { item: customer } = (await technician.post('/api/customer/add', customerForm())).json();
    const upload = await form({ title: 'Smlouva', file_type: 'Jiné' }, pdf);
    const added = await technician.post(`/api/customer/${customer.id}/files/add`, upload.payload, {
      headers: upload.headers,
    });
    expect(added.statusCode).toBe(201);
    const file = added.json().item;
    expect(file).toMatchObject({
      name: 'Smlouva řezivo.pdf',
      title: 'Smlouva',
      file_type: 'Jiné',
      content_type: 'application/pdf',
      uploaded_by: { first_name: 'Tomáš', last_name: 'Svoboda' },
    });
    expect((await driver.get(`/api/customer/${customer.id}`)).json().customer.files).toEqual([file]);
    const download = await driver.get(`/api/customer/${customer.id}/files/${file.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe(pdf.data);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(pdf.name)}`,
    );
    const stored = await fs.readdir(path.join(t.dataDir, 'files', 'customers'));
    expect(stored).toHaveLength(1);
    const other = (await technician.post('/api/customer/add', customerForm())).json().item;
    expect((await driver.get(`/api/customer/${other.id}/files/${file.id}/download`)).statusCode).toBe(404);
    expect((await driver.delete(`/api/customer/${customer.id}/files/${file.id}/delete`)).statusCode).toBe(
      403,
    );
    const removed = await technician.delete(`/api/customer/${customer.id}/files/${file.id}/delete`);
    expect(removed.statusCode).toBe(200);
    expect((await driver.get(`/api/customer/${customer.id}/files/${file.id}/download`)).statusCode).toBe(404);
    expect(await fs.readdir(path.join(t.dataDir, 'files', 'customers'))).toEqual([]);
    expect((await technician.delete(`/api/customer/${customer.id}/files/${file.id}/delete`)).statusCode).toBe(
      404,
    );
  });

  it('refuses a wrong file type, a missing title or file, a non-multipart body; stores nothing', async () => {
    const { item: customer } = (await technician.post('/api/customer/add', customerForm())).json();
    const url = `/api/customer/${customer.id}/files/add`;
    const cases: [Awaited<ReturnType<typeof form>>, string[]][] = [
      [await form({ title: 'Faktura', file_type: 'Faktura' }, pdf), ['file_type']],
      [await form({ file_type: 'Jiné' }, pdf), ['title']],
      [await form({ title: 'Bez souboru', file_type: 'Jiné' }), ['file']],
    ];
    for (const [upload, fields] of cases) {
      const response = await technician.post(url, upload.payload, { headers: upload.headers });
      expect(response.statusCode, fields.join()).toBe(400);
      expect(response.json()).toMatchObject({ error_code: ErrorCode.invalidInput, fields });
    }
    expect((await technician.post(url, { title: 'x', file_type: 'Jiné' })).statusCode).toBe(400);
    expect((await driver.get(`/api/customer/${customer.id}`)).json().customer.files).toEqual([]);
    const upload = await form({ title: 'x', file_type: 'Jiné' }, pdf);
    expect(
      (await technician.post('/api/customer/999999/files/add', upload.payload, { headers: upload.headers }))
        .statusCode,
    ).toBe(404);
    expect((await driver.post(url, upload.payload, { headers: upload.headers })).statusCode).toBe(403);
  });
});
