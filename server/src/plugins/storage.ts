import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';

/**
 * Where uploaded files live (domain.md §3.4): on disk by default, or an S3-compatible store
 * (`FILE_STORE=s3`) that every server process shares (decision 0045).
 */
export type Storage = {
  put(prefix: string, data: Buffer, extension: string): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /** Backups: writes `data` under a key that `put` once answered. */
  write(key: string, data: Buffer): Promise<void>;
  /** Backups: every stored key. */
  list(): AsyncIterable<string>;
};

const newKey = (prefix: string, extension: string) =>
  `${prefix}/${randomUUID()}${extension ? `.${extension}` : ''}`;

/** Keys are `<prefix>/<uuid>.<ext>` made by `put`; anything leaving the store's root is refused. */
function checkKey(key: string): string {
  const parts = key.split('/');
  if (!key || parts.some((p) => p === '' || p === '.' || p === '..') || key.includes('\\')) {
    throw new Error(`key outside the storage: ${key}`);
  }
  return key;
}

export function diskStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`key outside the storage: ${key}`);
    return full;
  };
  const write = async (key: string, data: Buffer) => {
    const full = resolve(key);
    await fs.mkdir(path.dirname(full), { recursive: true });
    // Write then rename, so a crash never leaves half a file under a real key.
    await fs.writeFile(`${full}.part`, data);
    await fs.rename(`${full}.part`, full);
  };
  return {
    async put(prefix, data, extension) {
      const key = newKey(prefix, extension);
      await write(key, data);
      return key;
    },
    async get(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
    write,
    async *list() {
      const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch((error) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      });
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith('.part')) continue;
        yield path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      }
    },
  };
}

/** The bucket's settings, as the configuration reads them (`S3_*`). */
export type S3Options = Config['s3'];

/** An S3-compatible bucket (AWS S3, MinIO, Ceph RGW, Wasabi …) through `@aws-sdk/client-s3`. */
export function s3Storage(options: S3Options): Storage {
  // Loaded on first use: the SDK is large, and the disk store (the default) never needs it.
  let sdk: Promise<{ client: S3Client; s3: typeof import('@aws-sdk/client-s3') }> | undefined;
  const connect = () => {
    sdk ??= import('@aws-sdk/client-s3').then((s3) => ({ s3, client: makeClient(s3) }));
    return sdk;
  };
  const makeClient = (s3: typeof import('@aws-sdk/client-s3')) =>
    new s3.S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
      // Checksums only where S3 requires them: many compatible servers do not know the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  const Bucket = options.bucket;
  const prefix = options.prefix ? `${options.prefix.replace(/\/+$/, '')}/` : '';
  const write = async (key: string, data: Buffer) => {
    const { client, s3 } = await connect();
    await client.send(new s3.PutObjectCommand({ Bucket, Key: prefix + checkKey(key), Body: data }));
  };
  return {
    async put(keyPrefix, data, extension) {
      const key = newKey(keyPrefix, extension);
      await write(key, data);
      return key;
    },
    async get(key) {
      const { client, s3 } = await connect();
      try {
        const answer = await client.send(new s3.GetObjectCommand({ Bucket, Key: prefix + checkKey(key) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (error instanceof s3.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async remove(key) {
      const { client, s3 } = await connect();
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: prefix + checkKey(key) }));
    },
    write,
    async *list() {
      const { client, s3 } = await connect();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new s3.ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key.slice(prefix.length);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

/** The store the configuration names: the disk folder `DATA_DIR/files`, or the S3 bucket. */
export function storageFor(config: Pick<Config, 'dataDir' | 'fileStore' | 's3'>): Storage {
  return config.fileStore === 's3' ? s3Storage(config.s3) : diskStorage(path.join(config.dataDir, 'files'));
}
