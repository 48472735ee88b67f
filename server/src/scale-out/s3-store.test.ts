import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupFiles, filesArchiveOf, restoreFiles } from '../db/backup.ts';
import { type S3Options, s3Storage } from '../plugins/storage.ts';
import { type BuiltTestApp, buildTestApp, login } from '../test/build.ts';

// Decision 0045: uploaded files in an S3-compatible bucket (FILE_STORE=s3) that several server
// processes share, against a local S3 server (s3rver) this file starts; backup and restore too.
const port = Number(process.env.S3_TEST_PORT ?? 3134);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'letokruh-s3-'));
const bucket: S3Options = {
  endpoint: `http://127.0.0.1:${port}`,
  bucket: 'letokruh-files',
  region: 'us-east-1',
  // s3rver's fixed credentials; it checks the signature as S3 does.
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
  prefix: 'office',
};
const env = {
  FILE_STORE: 's3',
  S3_ENDPOINT: bucket.endpoint!,
  S3_BUCKET: bucket.bucket,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
  S3_PREFIX: 'office',
};

let server: S3rver;
let t: BuiltTestApp;
beforeAll(async () => {
  server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(tmp, 's3'),
    configureBuckets: [{ name: bucket.bucket, configs: [] }],
  });
  await server.run();
  t = await buildTestApp(env);
});
afterAll(async () => {
  await t?.close();
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function uploadNote(text: string) {
  const technician = await login(t.app, 'technician');
  const order = { id: 1 };
  const form = new FormData();
  form.append('title', 'Poznámka řidiči');
  form.append('file_type', 'Jiné');
  form.append('file', new Blob([text], { type: 'text/plain' }), 'poznamka.txt');
  const encoded = new Response(form);
  const added = await technician.post(
    `/api/order/${order.id}/files/add`,
    Buffer.from(await encoded.arrayBuffer()),
    { headers: { 'content-type': encoded.headers.get('content-type')! } },
  );
  expect(added.statusCode, added.body).toBe(201);
  return { technician, download: `/api/order/${order.id}/files/${added.json().item.id}/download` };
}

describe('S3-compatible file store', () => {
  it('keeps, lists and removes objects under its prefix; a missing key is null', async () => {
    const store = s3Storage(bucket);
    const key = await store.put('orders', Buffer.from('dodací list'), 'txt');
    expect(key).toMatch(/^orders\/[0-9a-f-]{36}\.txt$/);
    expect((await store.get(key))?.toString()).toBe('dodací list');
    const keys: string[] = [];
    for await (const k of store.list()) keys.push(k);
    expect(keys).toContain(key);
    await store.remove(key);
    expect(await store.get(key)).toBeNull();
    await expect(store.get('../outside')).rejects.toThrow(/outside/);
  });

  it('an upload through the API lands in the bucket, not on disk, and downloads again', async () => {
    const { technician, download } = await uploadNote('Vyložit u zadní brány.');
    const answer = await technician.get(download);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('Vyložit u zadní brány.');
    expect(fs.existsSync(path.join(t.dataDir, 'files'))).toBe(false);
  });

  it('a backup of the files restores a lost object', async () => {
    const { technician, download } = await uploadNote('Zálohovaná poznámka');
    const archive = filesArchiveOf(path.join(tmp, 'letokruh-test.dump'));
    expect(archive).toBe(path.join(tmp, 'letokruh-test.files.tar.gz'));
    const store = s3Storage(bucket);
    const { count } = await backupFiles(store, archive);
    expect(count).toBeGreaterThanOrEqual(1);

    // Every object is lost (a wrong bucket policy, a deleted bucket's contents)…
    const keys: string[] = [];
    for await (const k of store.list()) keys.push(k);
    for (const k of keys) await store.remove(k);
    expect((await technician.get(download)).statusCode).toBe(404);

    // …and comes back from the archive under the same keys.
    expect(await restoreFiles(store, archive)).toBe(count);
    const answer = await technician.get(download);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('Zálohovaná poznámka');
  });
});
