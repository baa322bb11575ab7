import { type RouteContract, SERVICE_NAMES, SERVICE_ROUTES } from '@commonwork/contracts';
import { buildUser, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arbitraryOf, breakOne, brokenValue, deeplyNested, jsonSchemaOf } from './fuzz/arbitraries.ts';

// Issue 13, deliverable 5: every route of the route table, with paths, queries and bodies generated
// from its contract and then broken, answers no 5xx, our error body on every 4xx, and a refused
// request stores nothing. Bounded: a few cases per route, a fixed seed per run printed on failure.

/**
 * Calls that end the caller's sessions would leave the rest of the run without a caller: signing out
 * (everywhere), and deleting the account (no route does it at /api/users yet, so that names a path,
 * not a contract: one added later is kept out of the run). Their refusals are tested beside them.
 */
const SKIPPED = new Set(['DELETE /api/users', 'POST /api/auth/logout', 'POST /api/auth/logout-all']);
const ROUTES = Object.values(SERVICE_ROUTES)
  .flat()
  .filter((route) => !SKIPPED.has(`${route.method} ${route.url}`));
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 4);
/** A new seed each run, printed with any failure; FUZZ_SEED replays one. */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000_000);

interface Sent {
  method: string;
  path: string;
  contentType?: string;
  body?: string;
}

const fill = (url: string, params: Record<string, string>) => url.replace(/:([A-Za-z]+)/g, (_, name: string) => params[name] ?? 'x');
/** The path parameters to put in the URL; a broken value in place of all of them is each one's value. */
const paramsIn = (url: string, params: unknown): Record<string, string> => {
  const names = [...url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] as string);
  const values = params !== null && typeof params === 'object' && !Array.isArray(params) ? (params as Record<string, unknown>) : null;
  return Object.fromEntries(names.map((name) => [name, encode(values ? values[name] : params)]));
};
const queryOf = (value: unknown) => {
  const search = new URLSearchParams();
  const fields = value !== null && typeof value === 'object' && !Array.isArray(value) ? value : { q: value };
  for (const [key, v] of Object.entries(fields)) {
    for (const item of Array.isArray(v) ? v : [v])
      if (item !== undefined) search.append(key, typeof item === 'string' ? item : JSON.stringify(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};
const encode = (value: unknown) => {
  try {
    return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    // A lone surrogate has no UTF-8: sent as the bytes a broken client would send.
    return '%ED%A0%80';
  }
};

/** Requests a client following the contract could send. */
function wellFormed(route: RouteContract): fc.Arbitrary<Sent> {
  const params = route.params ? arbitraryOf(jsonSchemaOf(route.params)) : fc.constant({});
  const query = route.querystring ? arbitraryOf(jsonSchemaOf(route.querystring)) : fc.constant({});
  const body = route.body ? arbitraryOf(jsonSchemaOf(route.body)) : fc.constant(undefined);
  return fc.record({ params, query, body }).map(({ params, query, body }) => ({
    method: route.method,
    path: `${fill(route.url, paramsIn(route.url, params))}${queryOf(query)}`,
    ...(body !== undefined && { contentType: 'application/json', body: JSON.stringify(body) }),
  }));
}

/** The same requests with one part broken: a field, a path part, a query value, the body's shape or its media type. */
function broken(route: RouteContract): fc.Arbitrary<Sent> {
  const base = fc.record({
    params: route.params ? arbitraryOf(jsonSchemaOf(route.params)) : fc.constant({}),
    query: route.querystring ? arbitraryOf(jsonSchemaOf(route.querystring)) : fc.constant({}),
    body: route.body ? arbitraryOf(jsonSchemaOf(route.body)) : fc.constant({}),
    where: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
    value: brokenValue,
  });
  const pathOf = (params: unknown, query: unknown) => `${fill(route.url, paramsIn(route.url, params))}${queryOf(query)}`;
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return fc.oneof(
    base.map(({ params, query, body, where, value }) => ({
      method: route.method,
      path: pathOf(params, query),
      ...(hasBody && { contentType: 'application/json', body: JSON.stringify(breakOne(body, where, value)) }),
    })),
    base.map(({ params, query, where, value }) => ({ method: route.method, path: pathOf(breakOne(params, where, value), query) })),
    base.map(({ params, query, where, value }) => ({ method: route.method, path: pathOf(params, breakOne(query, where, value)) })),
    base.chain(({ params, query, body }) =>
      fc.constantFrom<Sent>(
        { method: route.method, path: pathOf(params, query), contentType: 'application/json', body: deeplyNested(5_000, 'array') },
        { method: route.method, path: pathOf(params, query), contentType: 'application/json', body: deeplyNested(5_000, 'object') },
        { method: route.method, path: pathOf(params, query), contentType: 'application/json', body: '{"title": "unterminated' },
        { method: route.method, path: pathOf(params, query), contentType: 'text/plain', body: JSON.stringify(body) },
        { method: route.method, path: pathOf(params, query), contentType: 'application/x-www-form-urlencoded', body: 'title=a&title=b' },
        { method: route.method, path: pathOf(params, query), contentType: 'multipart/form-data; boundary=x', body: '--x\r\n\r\n--x--' },
        { method: route.method, path: `${route.url.replace(/:([A-Za-z]+)/g, 'a'.repeat(3_000))}` },
        { method: route.method, path: `${route.url.replace(/:([A-Za-z]+)/g, '%00')}` },
      ),
    ),
  );
}

describe('every route, fuzzed through the gateway', () => {
  let p: TestPlatform;
  let token: string;
  const problems: string[] = [];

  const send = async ({ method, path, contentType, body }: Sent) => {
    const res = await fetch(`${p.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(contentType && { 'content-type': contentType }) },
      ...(body !== undefined && method !== 'GET' && { body }),
    });
    const text = await res.text();
    return { status: res.status, type: res.headers.get('content-type') ?? '', text };
  };

  /** No 5xx; every 4xx in our error body. */
  const judge = (sent: Sent, answer: Awaited<ReturnType<typeof send>>) => {
    const label = `${sent.method} ${sent.path.slice(0, 120)} [${sent.contentType ?? '-'}] ${sent.body?.slice(0, 80) ?? ''}`;
    if (answer.status >= 500) return problems.push(`${answer.status} for ${label}: ${answer.text.slice(0, 200)}`);
    if (answer.status < 400) return;
    try {
      const error = JSON.parse(answer.text) as { success?: unknown; message?: unknown; error?: unknown };
      if (error.success !== false || typeof error.message !== 'string' || typeof error.error !== 'string') throw new Error('shape');
    } catch {
      problems.push(`${answer.status} not in our error body for ${label}: ${answer.text.slice(0, 200)}`);
    }
  };

  /** Rows in every service's event store: what a request stored. */
  const stored = async () => {
    let total = 0;
    for (const schema of SERVICE_NAMES) {
      const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.id(schema, 'event_store')}`.execute(p.database.root);
      total += Number(rows[0]?.n ?? 0);
    }
    return total;
  };
  /** The event stores stop growing: what an accepted request set off (projections, notifications) is done. */
  const settled = async () => {
    for (let before = await stored(); ; ) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      const after = await stored();
      if (after === before) return after;
      before = after;
    }
  };

  beforeAll(async () => {
    p = await startTestPlatform();
    token = (await buildUser(p, 'Ada Fuzzer')).token;
  });
  afterAll(() => p?.stop());

  it('answers requests that follow the contracts without a 5xx, and refusals in our error body', async () => {
    for (const [i, route] of ROUTES.entries()) {
      await fc.assert(
        fc.asyncProperty(wellFormed(route), async (sent) => {
          judge(sent, await send(sent));
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED + i },
      );
    }
    expect(problems, `FUZZ_SEED=${SEED}`).toEqual([]);
  }, 300_000);

  it('refuses broken requests without a 5xx, in our error body, and a refused one stores nothing', async () => {
    let before = await settled();
    for (const [i, route] of ROUTES.entries()) {
      await fc.assert(
        fc.asyncProperty(broken(route), async (sent) => {
          const answer = await send(sent);
          judge(sent, answer);
          if (answer.status >= 400) {
            const after = await stored();
            if (after !== before)
              problems.push(`${answer.status} stored ${after - before} event(s): ${sent.method} ${sent.path.slice(0, 120)}`);
            before = after;
          } else {
            // An accepted one may set off more (projections, notifications): counted from when it is done.
            before = await settled();
          }
        }),
        { numRuns: RUNS_PER_ROUTE * 2, seed: SEED + i },
      );
    }
    expect(problems, `FUZZ_SEED=${SEED}`).toEqual([]);
  }, 600_000);
});
