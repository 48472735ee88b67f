import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db, Listen } from './db/client.ts';
import type { LiveOrders } from './modules/events/live-orders.ts';
import type { AnswerCache } from './plugins/answer-cache.ts';
import type { Storage } from './plugins/storage.ts';

export type AppContext = {
  config: Config;
  db: Db;
  storage: Storage;
  /**
   * The list, calendar and overview queries' connection: a read-only replica when
   * `DATABASE_READ_URL` is set (decision 0045); absent = `db`.
   */
  readDb?: Db;
  /** Hears the database's notifications (db/client.ts); absent: no session is kept between requests. */
  listen?: Listen;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Heavy answers cached under the data version (plugins/answer-cache.ts). */
    answers: AnswerCache;
    /** The open live-board streams of this process (modules/events/live-orders.ts). */
    live: LiveOrders;
  }
}

/** The Fastify instance every module registers its routes on, typed by the zod schemas. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
