import { routeAccess } from '@letokruh/contracts/access';
import { type Endpoint, fileDownload } from '@letokruh/contracts/endpoint';
import type {
  FastifyBaseLogger,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../app-types.ts';

/** The Fastify schema an endpoint of contracts' table stands for. */
type SchemaOf<E extends Endpoint> = {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: {
    [S in keyof E['answers']]: E['answers'][S] extends typeof fileDownload ? unknown : E['answers'][S];
  };
};

type Handler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  unknown,
  SchemaOf<E>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** What only the server says about a route: its documentation, a download's media types, limits. */
export type RouteExtras = Omit<RouteShorthandOptions, 'schema' | 'config'> & {
  /**
   * OpenAPI's words (tags, summary, description) and what the table cannot say: a download's
   * answer (`fileAnswer`), an upload's form (`uploadForm`, `consumes`).
   */
  schema?: FastifySchema;
  config?: Record<string, unknown>;
};

/**
 * Registers the route of one endpoint of contracts' table (decision 0059): its method and path,
 * its schemas, and the access rule `routeAccess` names for it; a route cannot declare its own.
 * A download (`fileDownload`) needs its answer described by `extras.schema.response`.
 */
export function route<E extends Endpoint>(
  app: App,
  endpoint: E,
  extras: RouteExtras,
  handler: Handler<E>,
): void {
  const response: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(endpoint.answers)) {
    if (answer === fileDownload) {
      const described = (extras.schema?.response as Record<string, unknown> | undefined)?.[status];
      if (!described) throw new Error(`${endpoint.key}: describe the download's answer ${status}`);
      response[status] = described;
    } else response[status] = answer;
  }
  const schema: FastifySchema = {
    ...extras.schema,
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.body && { body: endpoint.body }),
    response: { ...(extras.schema?.response as object | undefined), ...response },
  };
  app.route({
    ...extras,
    method: endpoint.method,
    url: endpoint.path,
    schema,
    config: { ...extras.config, access: routeAccess[endpoint.key], endpoint: endpoint.key },
    handler: handler as RouteHandlerMethod,
  });
}
