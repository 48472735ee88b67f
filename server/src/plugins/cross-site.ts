import { crossSiteCalls } from '@letokruh/contracts/access';
import { ErrorCode } from '@letokruh/contracts/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Whether a browser sent the request from a page of another site (domain.md §3.3 Cross-site
 * requests). Fetch Metadata says so itself: `Sec-Fetch-Site: cross-site`; `same-site` (another
 * host of the same domain) counts as another site unless its Origin is the app's own. A browser
 * that sends no Fetch Metadata still names a cross-origin page in `Origin`. A request with neither
 * (curl, a script, a calendar app) is not a browser's cross-site request.
 */
export function fromAnotherSite(request: FastifyRequest, ownOrigins: readonly string[]): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return false;
  if (site === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return site !== undefined; // `same-site` or an unknown value without Origin
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return true; // "null" (a sandboxed page, a redirect across sites) and anything unreadable
  }
  if (ownOrigins.includes(url.origin)) return false;
  return url.host !== hostOf(url.protocol, request.host);
}

/** The Host header as a URL writes it (lower case, a scheme's default port left out). */
function hostOf(protocol: string, host: string): string | null {
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return null;
  }
}

/**
 * Refuses a request from another site (403 / 111) to every route but `crossSiteCalls`, before
 * anything else runs: no session is read or ended, no draft made, no PDF drawn. Decided by the
 * endpoint the framework matched (`config.endpoint`), so a HEAD meets its GET's rule and an odd
 * spelling of the path meets the rule of the route it matched. The web app's own files (`asset`)
 * may be opened from anywhere: a link to the app is how people arrive.
 */
export function refuseCrossSite(app: FastifyInstance, ownOrigins: readonly string[]): void {
  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config?.access === 'asset') return;
    const endpoint = request.routeOptions.config?.endpoint;
    const key = typeof endpoint === 'string' ? endpoint : null;
    if (key !== null && crossSiteCalls.has(key)) return;
    if (fromAnotherSite(request, ownOrigins)) {
      request.log.warn(
        { route: request.routeOptions.url, method: request.method },
        'cross-site request refused',
      );
      throw new AppError(403, ErrorCode.csrfFailed, 'A request from another site is refused');
    }
  });
}
