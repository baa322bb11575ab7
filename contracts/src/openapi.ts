import { z } from 'zod';
import { ErrorBody } from './errors.ts';
import type { RouteContract } from './http/route.ts';

const toSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

/**
 * The errors every route of a kind can answer, whether or not its contract lists them: the gateway
 * and the kit give them (ARCHITECTURE §5), always in the error body.
 */
function commonErrors(route: RouteContract): Record<string, string> {
  const takesInput = Boolean(route.params || route.querystring || route.body || route.upload);
  return {
    ...(takesInput && { 400: 'Invalid input: `details` names each field and what is wrong with it' }),
    ...(route.auth !== 'public' && { 401: 'No valid access token (`optional` routes: an invalid one)' }),
    ...((route.body || route.upload) && { 413: 'The body is larger than this route takes' }),
    429: 'Too many calls from this person or address; `retry-after` says when to try again',
    503: 'A service this call needs is unavailable or busy; try again in a moment',
  };
}

/** Builds the OpenAPI 3.1 document of the public API from the route contracts, each under its operation id. */
export function buildOpenApiDocument(operations: readonly { operationId: string; route: RouteContract }[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorBody = toSchema(ErrorBody);
  for (const { operationId, route } of operations) {
    const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
    const parameters = [...objectParameters(route.params, 'path'), ...objectParameters(route.querystring, 'query')];
    const responses: Record<string, unknown> = Object.fromEntries(
      Object.entries(commonErrors(route)).map(([status, description]) => [
        status,
        { description, content: { 'application/json': { schema: errorBody } } },
      ]),
    );
    for (const [status, schema] of Object.entries(route.response)) {
      responses[status] = {
        description: status.startsWith('2') ? 'Success' : (STATUS_TEXT[status] ?? 'Error'),
        content: { [status.startsWith('2') && route.produces ? route.produces : 'application/json']: { schema: toSchema(schema) } },
      };
    }
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId,
      summary: route.summary,
      security: route.auth === 'user' ? [{ bearer: [] }] : [],
      parameters,
      ...(route.body && {
        requestBody: { required: true, content: { 'application/json': { schema: toSchema(route.body) } } },
      }),
      ...(route.upload && {
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: { [route.upload.field]: { type: 'string', format: 'binary' } },
                required: [route.upload.field],
              },
            },
          },
        },
      }),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Commonwork API', version, license: { name: 'Apache 2.0', identifier: 'Apache-2.0' } },
    // Relative: the gateway that serves this document is the one to call.
    servers: [{ url: '/', description: 'The gateway serving this document' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}

function objectParameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = toSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, propSchema]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: propSchema,
  }));
}

const STATUS_TEXT: Record<string, string> = {
  400: 'Invalid input',
  401: 'Not signed in',
  403: 'Not allowed',
  404: 'Not found',
  409: 'In conflict with the stored state',
  413: 'Too large',
  415: 'Unsupported media type',
  422: 'Not processable',
  429: 'Too many calls',
  503: 'Unavailable',
};
