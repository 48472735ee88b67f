import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live (DESIGN §4): on disk by default, replaceable by an S3-compatible store. */
export type Storage = {
  put(prefix: string, data: Buffer, extension: string): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
};

export function diskStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`key outside the storage: ${key}`);
    return full;
  };
  return {
    async put(prefix, data, extension) {
      const key = `${prefix}/${randomUUID()}${extension ? `.${extension}` : ''}`;
      const full = resolve(key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      // Write then rename, so a crash never leaves half a file under a real key.
      await fs.writeFile(`${full}.part`, data);
      await fs.rename(`${full}.part`, full);
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
  };
}
