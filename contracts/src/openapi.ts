import { z } from 'zod';
import type { RouteContract } from './http/route.ts';

const toSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

/** Builds the OpenAPI 3.1 document of the public API from the route contracts. */
export function buildOpenApiDocument(routes: readonly RouteContract[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
    const parameters = [...objectParameters(route.params, 'path'), ...objectParameters(route.querystring, 'query')];
    const responses = Object.fromEntries(
      Object.entries(route.response).map(([status, schema]) => [
        status,
        {
          description: status,
          content: { [status.startsWith('2') && route.produces ? route.produces : 'application/json']: { schema: toSchema(schema) } },
        },
      ]),
    );
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
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
    info: { title: 'Commonwork API', version },
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
