import os from 'node:os';
import path from 'node:path';

/**
 * The e-mail outbox of the browser tests' server on `serverPort` (no SMTP server there): the
 * config names it to the server, e2e/passwords.spec.ts reads the set-password link from it. By
 * port, since the workers load the config too and must name the same folder.
 */
export const outboxOf = (serverPort: number) => path.join(os.tmpdir(), `letokruh-e2e-outbox-${serverPort}`);
