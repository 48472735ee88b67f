import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Fio tokens at rest (decision 0076): AES-256-GCM under a key that is not in the database, so a
 * database dump or backup alone does not give the bank's statements away. The key comes from
 * BANK_TOKEN_KEY, or a key file made once in DATA_DIR (one process with the embedded database).
 */
export type TokenSeal = { seal(token: string): string; open(sealed: string): string };

function keyFrom(config: { bankTokenKey: string; dataDir: string }): Buffer {
  if (config.bankTokenKey) return Buffer.from(config.bankTokenKey, 'base64');
  const file = path.join(config.dataDir, 'bank-token.key');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const key = randomBytes(32);
    // `wx`: two processes starting together keep the first one's key.
    try {
      fs.writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    }
  }
}

export function tokenSeal(config: { bankTokenKey: string; dataDir: string }): TokenSeal {
  let key: Buffer | null = null;
  const theKey = () => {
    key ??= keyFrom(config);
    return key;
  };
  return {
    seal(token) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', theKey(), iv);
      const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      return `v1.${iv.toString('base64')}.${cipher.getAuthTag().toString('base64')}.${body.toString('base64')}`;
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !body) throw new Error('A sealed token of an unknown form');
      const decipher = createDecipheriv('aes-256-gcm', theKey(), Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}
