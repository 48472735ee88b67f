import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { databaseBusy, databaseUnreachable, registerErrorHandling } from './errors.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('a database that cannot be reached answers 503, not 500', () => {
  it('knows the driver’s and PostgreSQL’s connection failures, also wrapped as a cause', () => {
    expect(databaseUnreachable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(
      databaseUnreachable(withCode('terminating connection due to administrator command', '57P01')),
    ).toBe(true);
    expect(databaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(databaseUnreachable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    // Drizzle wraps the driver's error: "Failed query: …" with the real one as its cause.
    const wrapped = new Error('Failed query: select 1', {
      cause: withCode('the database system is starting up', '57P03'),
    });
    expect(databaseUnreachable(wrapped)).toBe(true);
    // Not a connection failure: a unique violation, a plain bug.
    expect(databaseUnreachable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(
      false,
    );
    expect(databaseUnreachable(new TypeError('x is undefined'))).toBe(false);
    expect(databaseUnreachable('ECONNREFUSED')).toBe(false);
  });

  it('knows a statement stopped by a timeout, a deadlock or a serialization failure', () => {
    expect(databaseBusy(withCode('canceling statement due to statement timeout', '57014'))).toBe(true);
    expect(databaseBusy(new Error('Failed query', { cause: withCode('deadlock detected', '40P01') }))).toBe(
      true,
    );
    expect(databaseBusy(new Error('Query read timeout'))).toBe(true);
    expect(databaseBusy(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(databaseBusy(new Error('a bug'))).toBe(false);
  });

  it('answers 503 with Retry-After and the code, and other failures still 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/away', async () => {
      throw new Error('Failed query', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') });
    });
    app.get('/busy', async () => {
      throw new Error('Failed query', {
        cause: withCode('canceling statement due to statement timeout', '57014'),
      });
    });
    app.get('/bug', async () => {
      throw new Error('a bug');
    });
    const away = await app.inject({ method: 'GET', url: '/away' });
    expect(away.statusCode).toBe(503);
    expect(away.headers['retry-after']).toBe('5');
    expect(away.json()).toEqual({
      error_code: 503,
      message: 'The database cannot be reached; try again shortly',
    });
    const busy = await app.inject({ method: 'GET', url: '/busy' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json().error_code).toBe(504);
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.json().error_code).toBe(500);
    await app.close();
  });
});
