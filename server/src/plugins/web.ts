import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@letokruh/contracts/errors';
import type { FastifyInstance } from 'fastify';

const isPublic = (pathName: string) => !pathName.endsWith('.map') && !pathName.includes('/.vite/');

/** Serves the built web app; every non-API path that is not a file gets index.html (SPA routes). */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: '1y',
      immutable: true,
      // The build writes .br and .gz beside each asset (web/scripts/compress.mjs).
      preCompressed: true,
      // Source maps and the build manifest are for the build's own checks, not for visitors.
      allowedPath: (pathName) => isPublic(pathName),
      setHeaders: (reply, filePath) => {
        if (path.basename(filePath) === 'index.html') reply.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || !['GET', 'HEAD'].includes(request.method) || !hasWeb) {
      return reply.status(404).send({ error_code: ErrorCode.notFound, message: 'Not found' });
    }
    if (url.startsWith('/assets/')) {
      // wildcard: false routes only the files found at start; a rebuild's new assets land here.
      const file = path.join(webDist, path.normalize(url).replace(/^(\.\.[/\\])+/, ''));
      if (file.startsWith(path.join(webDist, 'assets')) && isPublic(url) && fs.existsSync(file)) {
        return reply.sendFile(path.relative(webDist, file), webDist);
      }
      return reply.status(404).send({ error_code: ErrorCode.notFound, message: 'Not found' });
    }
    // index.html names the hashed assets of the current build: always revalidated. Without
    // cacheControl: false, send would replace this header with "public, max-age=0".
    return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist, { cacheControl: false });
  });
}
