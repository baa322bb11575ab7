import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { API_OPERATIONS } from './http/index.ts';
import { buildOpenApiDocument } from './openapi.ts';

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
});
