import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_OPERATIONS } from './http/index.ts';
import { buildOpenApiDocument, DELIVERY_TERMS } from './openapi.ts';
import { SCOPE_NAMES, SCOPES } from './scopes.ts';
import { PUBLIC_EVENT_TYPES, PUBLIC_EVENTS, WEBHOOK_PING_TYPE } from './webhooks.ts';

interface Operation {
  operationId: string;
  description?: string;
  'x-scope'?: string;
  security: Record<string, string[]>[];
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { required: boolean; content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
}

/**
 * Warnings of Redocly's recommended rules we keep, with the reason: the spec fixes these paths
 * (`/api/users/by-username/{username}` beside `/api/users/{id}/stats`). Any other warning, and any
 * error, fails.
 */
const KNOWN_WARNINGS = new Set(['no-ambiguous-paths']);

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument(API_OPERATIONS, '1.0.0');

  it("passes Redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: '/openapi.json', config });
    const unexpected = problems.filter((p) => p.severity === 'error' || !KNOWN_WARNINGS.has(p.ruleId));
    expect(unexpected.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it('names every operation once, and says which errors each can answer, in the error body', () => {
    const operations = Object.values(document.paths).flatMap((byMethod) => Object.values(byMethod)) as {
      operationId: string;
      security: unknown[];
      responses: Record<string, { content: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
    }[];
    expect(operations).toHaveLength(API_OPERATIONS.length);
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length);
    expect(operations.map((o) => o.operationId)).toContain('messagingJoinLink');
    for (const operation of operations) {
      expect(operation.responses['429']?.content['application/json']?.schema.properties).toHaveProperty('error');
      if (operation.security.length > 0) expect(operation.responses).toHaveProperty('401');
    }
    expect(document.servers).toEqual([{ url: '/', description: expect.any(String) }]);
  });

  it('takes Idempotency-Key on every write, one header parameter referred to, and says the key’s refusals', () => {
    expect(document.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: false });
    for (const { operationId, route } of API_OPERATIONS) {
      const operation = document.paths[route.url.replace(/:([A-Za-z]+)/g, '{$1}')]?.[route.method.toLowerCase()] as Operation;
      const refers = (operation.parameters as unknown[]).some(
        (p) => (p as { $ref?: string }).$ref === '#/components/parameters/IdempotencyKey',
      );
      expect([operationId, refers]).toEqual([operationId, route.method !== 'GET']);
      const recorded = route.method !== 'GET' && route.auth !== 'public' && !route.upload;
      if (recorded) expect(operation.responses).toHaveProperty('422');
    }
  });

  it('describes the bearer scheme: a session’s token or a personal access token, and every scope with its sentence', () => {
    const bearer = document.components.securitySchemes.bearer;
    expect(bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(bearer.description).toContain('cw_pat_');
    for (const scope of SCOPE_NAMES) expect(bearer.description).toContain(`| \`${scope}\` | ${SCOPES[scope]} |`);
  });

  it('gives each operation the scope its route declares: its role in `security`, `x-scope`, and 403 INSUFFICIENT_SCOPE', () => {
    for (const { operationId, route } of API_OPERATIONS) {
      const operation = (document.paths[route.url.replace(/:([A-Za-z]+)/g, '{$1}')] as Record<string, Operation>)[
        route.method.toLowerCase()
      ];
      expect(operation?.operationId).toBe(operationId);
      if (!operation) continue;
      expect(operation['x-scope']).toBe(route.scope);
      const role = route.scope === 'session' || route.scope === 'by-event' || !route.scope ? [] : [route.scope];
      const expected = { public: [], user: [{ bearer: role }], optional: [{ bearer: role }, {}] }[route.auth];
      expect(operation.security, operationId).toEqual(expected);
      if (route.auth !== 'public') expect(operation.responses['403']?.description, operationId).toMatch(/INSUFFICIENT_SCOPE|Not allowed/);
      if (route.scope && route.scope !== 'session' && route.scope !== 'by-event')
        expect(operation.responses['403']?.description).toContain(`\`${route.scope}\``);
    }
    const tokens = (document.paths['/api/tokens'] as Record<string, Operation>).post;
    expect(tokens?.description).toContain('Only a signed-in session may make this call');
    const feed = (document.paths['/api/feed'] as Record<string, Operation>).get;
    expect(feed?.['x-scope']).toBe('by-event');
    expect(feed?.description).toContain('only the event types whose read scope the token holds');
  });

  it('lists in `webhooks` every public event and the ping: a signed POST of {type, timestamp, data}', () => {
    const webhooks = document.webhooks as Record<string, { post: Operation }>;
    expect(Object.keys(webhooks).sort()).toEqual([...PUBLIC_EVENT_TYPES, WEBHOOK_PING_TYPE].sort());
    for (const [type, { post }] of Object.entries(webhooks)) {
      expect(post.parameters.filter((p) => p.in === 'header' && p.required).map((p) => p.name)).toEqual([
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ]);
      const schema = post.requestBody?.content['application/json']?.schema;
      expect(schema?.required.sort()).toEqual(['data', 'timestamp', 'type']);
      expect(schema?.properties.type).toEqual({ type: 'string', const: type });
      expect(post.description).toContain(DELIVERY_TERMS);
      expect(post.security).toEqual([]);
    }
    const posted = webhooks['channel.message.posted']?.post;
    const data = posted?.requestBody?.content['application/json']?.schema.properties.data;
    const { $schema: _, ...expected } = z.toJSONSchema(PUBLIC_EVENTS['channel.message.posted'].from.schema, {
      io: 'output',
      unrepresentable: 'any',
    });
    expect(data).toEqual(expected);
    expect(posted?.['x-scope']).toBe('messages:read');
    expect(posted?.description).toContain('the channel’s members');
  });

  it('describes the ping as the webhooks service sends it', () => {
    const ping = (document.webhooks as Record<string, { post: Operation }>)[WEBHOOK_PING_TYPE]?.post;
    const schema = ping?.requestBody?.content['application/json']?.schema ?? {};
    const body = {
      type: WEBHOOK_PING_TYPE,
      timestamp: new Date().toISOString(),
      data: { webhookId: '7b0c3a52-4c8e-4a8e-9d7e-2f0a1c2b3d4e' },
    };
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    expect(ajv.validate(schema, body), JSON.stringify(ajv.errors)).toBe(true);
    expect(ajv.validate(schema, { ...body, type: 'gig.created' })).toBe(false);
  });

  it('says the retry schedule the issue gives, from the webhooks limits', () => {
    expect(DELIVERY_TERMS).toContain('5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h');
    expect(DELIVERY_TERMS).toContain('10 s');
    expect(DELIVERY_TERMS).toContain('3 days');
  });
});
