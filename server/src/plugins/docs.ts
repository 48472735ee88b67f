import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import type { Access } from '@letokruh/contracts/access';
import { healthEndpoints as e } from '@letokruh/contracts/endpoints/health';
import { ErrorCode } from '@letokruh/contracts/errors';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import type { App } from '../app-types.ts';
import { unsafeMethods } from './auth.ts';
import { route } from './endpoint.ts';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Documentation only: the fields of a `multipart/form-data` body. The handler reads the form
     * itself (plugins/multipart.ts), so it cannot be a validated `body`.
     */
    form?: z.ZodType;
  }
}

/** A file in a form or an answer: bytes of the given media types (OpenAPI 3.1: binary string). */
export const binary = (mediaTypes?: readonly string[]) =>
  mediaTypes && mediaTypes.length > 0 ? z.file().mime([...mediaTypes]) : z.file();

/** The 200 answer of a download route (sendDownload): the bytes, under each media type it may have. */
export function fileAnswer(description: string, mediaTypes: readonly string[]) {
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: binary([type]) }])),
  };
}

/** An upload form: its text fields (none by default) and one file part of the given media types. */
export function uploadForm(
  fileField: string,
  mediaTypes: readonly string[],
  fields: z.ZodObject = z.object({}),
) {
  const file = binary().describe(`A file of one of these types: ${mediaTypes.join(', ')}`);
  return fields.extend({ [fileField]: file });
}

// contracts/src/errors.ts names apiErrorSchema `ApiError` in zod's registry when it is imported.
const errorRef = { $ref: '#/components/schemas/ApiError' };
const errorAnswer = (why: string[]) => ({
  description: why.join('; '),
  content: { 'application/json': { schema: errorRef } },
});

/**
 * The 4xx answers every route can give, read from what the route declares: its access rule
 * (plugins/auth.ts: 401, 403), its method (CSRF), its path parameters (404), its input (400, 413,
 * 415). Body shape: `ApiError` (contracts/src/errors.ts). Routes add their own (409 with matches).
 */
function errorAnswers(method: string, schema: FastifySchema, access: Access | undefined) {
  const answers: Record<string, string[]> = {};
  const add = (status: number, why: string) => {
    answers[status] = [...(answers[status] ?? []), why];
  };
  const unsafe = unsafeMethods.has(method);
  if (schema.params || schema.querystring || schema.body || schema.form || unsafe) {
    add(400, `invalid input (error_code ${ErrorCode.invalidInput}, \`fields\` names them)`);
  }
  if (access !== 'public') add(401, `not signed in (${ErrorCode.notLoggedIn})`);
  if (unsafe)
    add(403, `X-CSRFTOKEN header missing or not the csrftoken_new cookie (${ErrorCode.csrfFailed})`);
  if (access !== 'public' && access !== 'self') {
    add(403, `the password must be changed first (${ErrorCode.passwordChangeRequired})`);
  }
  if (access !== 'public') add(403, `not allowed (${ErrorCode.accessDenied})`);
  if (schema.params) add(404, `not found, or outside the user's warehouses (${ErrorCode.notFound})`);
  if (schema.body || schema.form) add(413, `body too large (${ErrorCode.payloadTooLarge})`);
  if (schema.body) add(415, `not application/json (${ErrorCode.invalidInput})`);
  if (schema.form) add(415, `file type not accepted (${ErrorCode.unsupportedFileType})`);
  return Object.fromEntries(Object.entries(answers).map(([status, why]) => [status, errorAnswer(why)]));
}

const otherError = errorAnswer([
  'any other error: 409 conflicts, 429 limits, 5xx (error_code 500, no details); the code is in error_code',
]);

const zodTransform = createJsonSchemaTransform({});
const zodComponents = createJsonSchemaTransformObject({});

/** Every `$ref` target reachable from the paths, so that components hold what is used, once. */
function usedSchemas(document: { paths?: unknown }, schemas: Record<string, unknown>): Set<string> {
  const used = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) walk(item);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === '$ref' && typeof inner === 'string') {
          const name = inner.replace('#/components/schemas/', '');
          if (!used.has(name)) {
            used.add(name);
            walk(schemas[name]);
          }
        } else walk(inner);
      }
    }
  };
  walk(document.paths);
  return used;
}

/** Who may call: the session cookie unless public, the CSRF header on every change (plugins/auth.ts). */
function securityOf(method: string, access: Access | undefined): Record<string, string[]>[] {
  const needs: Record<string, string[]> = access === 'public' ? {} : { session: [] };
  if (unsafeMethods.has(method)) needs.csrf = [];
  return Object.keys(needs).length > 0 ? [needs] : [];
}

/** One route's operation: zod's schemas as JSON Schema, the upload form, the error answers. */
const describeRoute: SwaggerTransform = (input) => {
  const { schema, url, route } = input;
  const form = schema?.form;
  const withForm = form ? { ...schema, body: form, form: undefined } : schema;
  const { schema: transformed } = zodTransform({ ...input, schema: withForm });
  if (!schema || transformed.hide) return { schema: transformed, url };
  const method = String(route.method);
  const access = route.config?.access;
  const declared = (transformed.response ?? {}) as Record<string, unknown>;
  return {
    url,
    schema: {
      ...transformed,
      security: securityOf(method, access),
      response: { ...errorAnswers(method, schema, access), default: otherError, ...declared },
    },
  };
};

/** zod's registry as components, less the schemas no operation refers to. */
const keepUsedComponents: SwaggerTransformObject = (input) => {
  const document = zodComponents(input) as OpenAPIV3_1.Document;
  const all = document.components?.schemas ?? {};
  const used = usedSchemas(document, all);
  const schemas = Object.entries(all).filter(([name]) => used.has(name));
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item ?? {}) as OpenAPIV3_1.OperationObject[]) {
      for (const [status, answer] of Object.entries(operation.responses ?? {}) as [
        string,
        { description?: string },
      ][]) {
        // @fastify/swagger's placeholder for an answer whose schema has no description.
        if (answer.description === 'Default Response')
          answer.description = status === '201' ? 'Created' : 'OK';
      }
    }
  }
  return { ...document, components: { ...document.components, schemas: Object.fromEntries(schemas) } };
};

/** The OpenAPI 3.1 document, generated from the same zod schemas the routes validate with. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Letokruh API',
        version: '1.0.0',
        description:
          'Back office of a timber seller. Sign in with POST /api/auth/login: the answer sets the ' +
          '`sessionid` cookie and a new `csrftoken_new` cookie; every POST, PUT and DELETE sends that ' +
          'cookie and its value in the `X-CSRFTOKEN` header (README, "For client developers").',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sessionid' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRFTOKEN' },
        },
      },
    },
    transform: describeRoute,
    transformObject: keepUsedComponents,
  });
}

/** GET /api/docs: the document, for anyone (it holds no data; the calls themselves are guarded). */
export function docsRoute(api: App, app: FastifyInstance): void {
  route(
    api,
    e.docs,
    { schema: { tags: ['docs'], summary: 'This OpenAPI 3.1 document' } },
    async () => app.swagger() as { openapi: string },
  );
}
