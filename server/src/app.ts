import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import { ErrorCode } from '@letokruh/contracts/errors';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppContext } from './app-types.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { registerAudit } from './modules/audit/audit.service.ts';
import { auditTargets } from './modules/audit/audit.targets.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { bankRoutes } from './modules/bank/bank.routes.ts';
import { calculationRoutes } from './modules/calculations/calculations.routes.ts';
import { calendarFeedRoutes } from './modules/calendar-feeds/calendar-feeds.routes.ts';
import { conversionRoutes } from './modules/conversions/conversions.routes.ts';
import { customerRoutes } from './modules/customers/customers.routes.ts';
import { documentRoutes } from './modules/documents/documents.routes.ts';
import { driverRoutes } from './modules/driver/driver.routes.ts';
import { eventRoutes } from './modules/events/events.routes.ts';
import { createLiveOrders, ordersChannel } from './modules/events/live-orders.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { mapsRoutes } from './modules/maps/maps.routes.ts';
import { orderRoutes } from './modules/orders/orders.routes.ts';
import { paymentRoutes } from './modules/payments/payments.routes.ts';
import { productRoutes } from './modules/products/products.routes.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { spreadsheetRoutes } from './modules/spreadsheets/spreadsheets.routes.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { stockRoutes } from './modules/stock/stock.routes.ts';
import { transportationRoutes } from './modules/transportations/transportations.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { vacationRoutes } from './modules/vacations/vacations.routes.ts';
import { warehouseRoutes } from './modules/warehouses/warehouses.routes.ts';
import type { Access } from './plugins/access.ts';
import { registerReadAdmission } from './plugins/admission.ts';
import { createAnswerCache } from './plugins/answer-cache.ts';
import { registerDataVersion } from './plugins/answer-writes.ts';
import { registerAuth } from './plugins/auth.ts';
import { refuseCrossSite } from './plugins/cross-site.ts';
import { registerDeadline } from './plugins/deadline.ts';
import { docsRoute, registerDocs } from './plugins/docs.ts';
import { clientErrorAnswer, refuseNulCharacters, registerErrorHandling } from './plugins/errors.ts';
import { registerHostCheck } from './plugins/hosts.ts';
import { authChannel, createSessionCache } from './plugins/session-cache.ts';
import { registerWarehouseScope } from './plugins/warehouse-scope.ts';
import { inlineScriptHashes, registerWeb } from './plugins/web.ts';
import { refuseHeadOnWritingGets } from './plugins/writing-gets.ts';

export type RegisteredRoute = {
  method: string;
  url: string;
  access: Access | undefined;
  /** The endpoint of contracts' table it was registered from (plugins/endpoint.ts). */
  endpoint: string | undefined;
  /** The zod schemas of params, querystring and body, for tests that generate input from them. */
  schema?: { params?: unknown; querystring?: unknown; body?: unknown };
};

/** Every module's routes, mounted under /api with domain.md's paths. */
const modules: ((app: App) => Promise<void>)[] = [
  healthRoutes,
  driverRoutes,
  authRoutes,
  warehouseRoutes,
  productRoutes,
  stockRoutes,
  customerRoutes,
  conversionRoutes,
  mapsRoutes,
  userRoutes,
  vacationRoutes,
  referenceRoutes,
  orderRoutes,
  transportationRoutes,
  paymentRoutes,
  bankRoutes,
  spreadsheetRoutes,
  documentRoutes,
  statsRoutes,
  calculationRoutes,
  auditRoutes,
  calendarFeedRoutes,
  eventRoutes,
];

export type BuildOptions = {
  context: AppContext;
  logger?: boolean | object;
  /** Tests: told of every handler that runs (method and the route's declared URL). */
  observeHandlers?: (method: string, url: string) => void;
  /** Tests: the live streams' heartbeat (contracts live-events.ts `heartbeatMs` otherwise). */
  liveHeartbeatMs?: number;
};

export async function buildApp({
  context,
  logger = false,
  observeHandlers,
  liveHeartbeatMs,
}: BuildOptions): Promise<FastifyInstance & { routesSeen: RegisteredRoute[] }> {
  const { config } = context;
  const app = Fastify({
    logger,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    clientErrorHandler: clientErrorAnswer,
    // A path Fastify cannot route (bad percent-encoding, a parameter over 100 characters) still
    // answers in the API's error shape.
    frameworkErrors: (error, _request, reply) => {
      const answer = reply as unknown as FastifyReply;
      answer.status(error.statusCode ?? 400);
      answer.send({ error_code: ErrorCode.invalidInput, message: error.message.slice(0, 200) });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', context);

  const routesSeen: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (observeHandlers) {
      const handler = route.handler;
      const url = route.url;
      route.handler = function observed(request, reply) {
        observeHandlers(request.method, url);
        return handler.call(this, request, reply);
      };
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routesSeen.push({
        method,
        url: route.url,
        // Read when asked: a plugin's own onRoute hook (the web app's) declares after this one.
        get access() {
          return route.config?.access;
        },
        endpoint: route.config?.endpoint,
        schema: route.schema as RegisteredRoute['schema'],
      });
    }
  });

  registerErrorHandling(app);
  refuseNulCharacters(app);
  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", ...inlineScriptHashes(config.webDist)],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", 'https:'],
        'upgrade-insecure-requests': null,
      },
    },
    strictTransportSecurity: config.cookieSecure,
  });
  // After helmet, so that the 421 carries the security headers too; before every other hook.
  registerHostCheck(app);
  // Few parts and short fields: the forms have a file and two short fields (decision 0022).
  await app.register(multipart, {
    limits: {
      fileSize: config.uploadLimit,
      files: 1,
      fields: 20,
      parts: 25,
      fieldSize: 64 * 1024,
      headerPairs: 50,
    },
  });
  await registerDocs(app);
  // domain.md's writing GETs are the audit table's GET routes (a test holds that table complete).
  const writingGets = new Set(Object.keys(auditTargets).filter((key) => key.startsWith('GET ')));
  const sessions = createSessionCache();
  // First of all: a request from another site costs nothing and ends no session (domain.md §3.3).
  refuseCrossSite(app, config.publicOrigins);
  registerDeadline(app, config.requestDeadlineMs, writingGets);
  // Before the guard: a read waiting its turn has cost nothing yet (plugins/admission.ts).
  registerReadAdmission(app, writingGets, config.readConcurrency);
  registerAuth(app, sessions, writingGets);
  // domain.md §1.10: the order events this process hands to its open streams (modules/events).
  const live = createLiveOrders(liveHeartbeatMs ? { heartbeatMs: liveHeartbeatMs } : {});
  app.decorate('live', live);
  // Before the server stops taking connections: an open stream would keep it waiting for ever.
  app.addHook('preClose', async () => live.endAll());
  // Sessions are kept only while the process hears what changes them (plugins/session-cache.ts).
  const listen = context.listen;
  if (listen) {
    const stops: (() => Promise<void>)[] = [];
    app.addHook('onReady', async () => {
      stops.push(
        await listen(authChannel, {
          notice: () => {
            sessions.forget();
            // The live streams' holders are checked now, not at the next heartbeat (0065).
            live.accessChanged();
          },
          hearing(on) {
            sessions.hearing(on);
            app.log.info(
              { channel: authChannel, hearing: on },
              on ? 'sessions kept' : 'sessions read at every request',
            );
          },
        }),
      );
      stops.push(
        await listen(ordersChannel, {
          notice: (payload) => live.notice(payload),
          hearing(on) {
            live.hearing(on);
            app.log.info(
              { channel: ordersChannel, hearing: on },
              on ? 'order events heard' : 'order events not heard: streams reload when heard again',
            );
          },
        }),
      );
    });
    app.addHook('onClose', async () => {
      for (const stop of stops.splice(0)) await stop();
    });
  }
  registerAudit(app, context.db);
  const answers = createAnswerCache(context.db, config.answerCacheBytes);
  app.decorate('answers', answers);
  registerDataVersion(app, answers, writingGets);
  refuseHeadOnWritingGets(app, writingGets);

  await app.register(
    async (api) => {
      // The per-warehouse scope of every route declaring `config.scopedBy` (decision 0021).
      registerWarehouseScope(api, context.db);
      for (const register of modules) await register(api as unknown as App);
      docsRoute(api as unknown as App, app);
    },
    { prefix: '/api' },
  );
  await registerWeb(app, config.webDist);
  return Object.assign(app, { routesSeen }) as unknown as FastifyInstance & { routesSeen: RegisteredRoute[] };
}
