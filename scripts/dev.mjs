#!/usr/bin/env node
// npm run dev: the API with its demo database, and Vite's dev server with hot reload on :5173.
import { ensureNodeModules, spawnChild } from './lib.mjs';

ensureNodeModules();
// Vite's proxy passes the browser's Host (127.0.0.1:5173) on to the API, whose Host check would
// refuse it otherwise.
const apiEnv = {
  ...process.env,
  ALLOWED_HOSTS: [process.env.ALLOWED_HOSTS, '127.0.0.1:5173', 'localhost:5173'].filter(Boolean).join(','),
};
const children = [
  spawnChild(process.execPath, ['--import', 'tsx', '--watch', 'server/src/main.ts'], { env: apiEnv }),
  spawnChild('npm', ['run', 'dev', '-w', 'web'], { env: process.env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', () => stop());
