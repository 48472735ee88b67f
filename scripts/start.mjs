#!/usr/bin/env node
// npm start: installs the project's dependencies if missing, builds the web app if needed, then
// runs the server (API + web app) in one process. Migrations and demo data happen at server start.
import { ensureNodeModules, ensureWebBuild, spawnChild } from './lib.mjs';

ensureNodeModules();
ensureWebBuild();
const server = spawnChild(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
