#!/usr/bin/env node
// npm run dev: the API with its demo database, and Vite's dev server with hot reload on :5173.
import { ensureNodeModules, spawnChild } from './lib.mjs';

ensureNodeModules();
const children = [
  spawnChild(process.execPath, ['--import', 'tsx', '--watch', 'server/src/main.ts'], { env: process.env }),
  spawnChild('npm', ['run', 'dev', '-w', 'web'], { env: process.env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', () => stop());
