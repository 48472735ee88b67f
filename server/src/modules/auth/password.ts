import argon2 from 'argon2';

/**
 * argon2id, stated here rather than left to the library's defaults: 64 MiB, 3 passes, 4 lanes.
 * OWASP's floor is 19 MiB and 2 passes; a test parses stored hashes and holds us above it.
 */
export const passwordHashOptions = {
  type: argon2.argon2id,
  memoryCost: 65536,
  timeCost: 3,
  parallelism: 4,
} as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, passwordHashOptions);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A hash made with weaker settings than today's (an older release, an import): rehash at login. */
export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, passwordHashOptions) || !hash.startsWith('$argon2id$');
  } catch {
    return true;
  }
}

/** Spent on unknown usernames so that timing does not tell which usernames exist. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('letokruh-no-such-user');
  await verifyPassword(await dummyHash, password);
  return false;
}
