import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@letokruh/contracts/errors';
import type { FastifyInstance } from 'fastify';

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
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.method !== 'GET' || !hasWeb) {
      return reply.status(404).send({ error_code: ErrorCode.notFound, message: 'Not found' });
    }
    // index.html names the hashed assets of the current build: always revalidated. Without
    // cacheControl: false, send would replace this header with "public, max-age=0".
    return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist, { cacheControl: false });
  });
}
