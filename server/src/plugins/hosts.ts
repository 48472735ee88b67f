import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@letokruh/contracts/errors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';

const loopback = ['localhost', '127.0.0.1', '[::1]'];

/** `host` and `port` of a Host header value (`[::1]:3000`, `example.cz`), lower case. */
export function splitHost(value: string): { host: string; port: string } {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(value.trim().toLowerCase());
  return { host: match?.[1] ?? '', port: match?.[2] ?? '' };
}

/**
 * Whether a Host header names this app. Loopback names only on the port in use (`null` when the
 * server does not listen, as under `inject`: then loopback on no port); the hosts of PUBLIC_ORIGIN
 * exactly; an ALLOWED_HOSTS entry with a port exactly, one without a port on any port.
 */
export function isAllowedHost(
  value: string | undefined,
  config: Pick<Config, 'publicOrigins' | 'allowedHosts'>,
  portInUse: number | null,
): boolean {
  if (!value) return false;
  const { host, port } = splitHost(value);
  if (!host) return false;
  if (loopback.includes(host) && portInUse !== null && port === String(portInUse)) return true;
  for (const origin of config.publicOrigins) {
    const url = new URL(origin);
    if (splitHost(url.host).host === host && url.port === port) return true;
  }
  return config.allowedHosts.some((entry) => {
    const allowed = splitHost(entry);
    return allowed.host === host && (allowed.port === '' || allowed.port === port);
  });
}

/**
 * DNS rebinding: a page of another site whose name the attacker points at 127.0.0.1 reaches the
 * server with that name in Host. Every request whose Host is not one of the app's own answers
 * 421 before anything else runs (the first onRequest hook, for matched and unmatched routes).
 */
export function registerHostCheck(app: FastifyInstance): void {
  const { config } = app.ctx;
  let portInUse: number | null = null;
  app.addHook('onRequest', async (request) => {
    if (portInUse === null) {
      const address = app.server.address() as AddressInfo | string | null;
      if (address && typeof address === 'object') portInUse = address.port;
    }
    // With TRUST_PROXY, Fastify's request.host is the proxy's X-Forwarded-Host.
    if (!isAllowedHost(request.host, config, portInUse)) {
      throw new AppError(421, ErrorCode.unknownHost, 'This server does not answer for that host name');
    }
  });
}
