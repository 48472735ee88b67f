// Shared helpers of the start and test scripts: plain Node, no dependencies.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function mustRun(command, args, options = {}) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed with exit code ${status}`);
    process.exit(status);
  }
}

export function spawnChild(command, args, options = {}) {
  return spawn(command, args, { stdio: 'inherit', cwd: root, ...options });
}

/** Installs the project's own npm dependencies when they are missing or older than the lock file. */
export function ensureNodeModules() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  // `npm install` honours the lock file; `npm ci` refuses it here because the registry lacks some
  // other platforms' optional binaries (Biome's), which the lock file therefore cannot list.
  console.log('Installing npm dependencies (npm install)…');
  mustRun('npm', ['install', '--no-audit', '--no-fund']);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the web app when dist is missing or older than its sources. */
export function ensureWebBuild({ force = false } = {}) {
  const index = path.join(root, 'web', 'dist', 'index.html');
  const sources = Math.max(
    newestMtime(path.join(root, 'web', 'src')),
    newestMtime(path.join(root, 'contracts', 'src')),
    fs.statSync(path.join(root, 'web', 'index.html')).mtimeMs,
  );
  if (!force && fs.existsSync(index) && fs.statSync(index).mtimeMs >= sources) return;
  console.log('Building the web app…');
  mustRun('npm', ['run', 'build', '-w', 'web']);
}

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
