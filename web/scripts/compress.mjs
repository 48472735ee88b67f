#!/usr/bin/env node
// Runs after the budget check (web's "build" script): writes a .br and a .gz beside every text
// asset of dist, so the server sends them precompressed (@fastify/static preCompressed) instead
// of 760 KiB of raw JavaScript to the login page, without compressing anything per request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', process.argv[2] ?? 'dist');
const compressible = /\.(js|css|html|svg|json|txt|woff)$/;
let files = 0;
let raw = 0;
let brotli = 0;

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // Dot folders (the build's manifest, the server's drawing module) are never served.
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) walk(full);
    } else if (compressible.test(entry.name) && fs.statSync(full).size > 1024) {
      const bytes = fs.readFileSync(full);
      const br = zlib.brotliCompressSync(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      });
      fs.writeFileSync(`${full}.br`, br);
      fs.writeFileSync(`${full}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      files++;
      raw += bytes.length;
      brotli += br.length;
    }
  }
}

walk(dist);
console.log(
  `✓ precompressed ${files} files: ${(raw / 1024).toFixed(0)} KiB → ${(brotli / 1024).toFixed(0)} KiB brotli`,
);
