// The system packages the tests need: Debian's chromium, postgresql and poppler-utils (pdftotext
// reads the documents back, decision 0041). Installed when running as
// root; otherwise the script stops with the exact command to run.
import fs from 'node:fs';
import { isRoot, run } from './lib.mjs';

export const chromiumPath = '/usr/bin/chromium';

export function postgresBinDir() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(`${base}/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? `${base}/${versions[0]}/bin` : null;
}

export function ensureSystemPackages() {
  const missing = [];
  if (!fs.existsSync(chromiumPath)) missing.push('chromium');
  if (!postgresBinDir()) missing.push('postgresql');
  if (!fs.existsSync('/usr/bin/pdftotext')) missing.push('poppler-utils');
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (!isRoot()) {
    console.error(
      `\nThe tests need Debian's ${missing.join(' and ')}. Run as root:\n\n  sudo sh -c '${command}'\n`,
    );
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} from Debian…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (run('sh', ['-c', command], { env }) !== 0) {
    console.error(`\n✗ Could not install ${missing.join(', ')} (${command})`);
    process.exit(1);
  }
}
