import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { interpret } from './interpret.ts';
import { createLlmInterpreter, type FallbackLog, interpretWithFallback, LlmError } from './llm.ts';

const API_KEY = 'sk-test-secret-0123456789';
const QUERY = 'best rated logo designer under $500';

/** A model reply as the listing would accept it, without `source` (the interpreter fills it). */
function buildReply(overrides: Record<string, unknown> = {}) {
  return {
    interpretedQuery: 'Logo design gigs under $500, best rated first',
    explanation: '"logo designer" points to UI/UX Design › logo; "under $500" caps the price; "best rated" sorts by rating.',
    searchQuery: 'logo designer',
    suggestedFilters: { category: 'design', priceRange: 'all', sortBy: 'rating' },
    subCategory: 'logo',
    maxPrice: 500,
    minPrice: null,
    deliveryDays: null,
    suggestions: ['logo design', 'brand identity', 'figma ui design'],
    ...overrides,
  };
}

function completion(content: string) {
  return JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content } }] });
}

interface Seen {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

/** Each path prefix is one behaviour of the fake model: /valid, /garbage, /prose, /bad-sub, /slow, /error. */
const ROUTES: Record<string, (res: ServerResponse) => void> = {
  valid: (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(completion(JSON.stringify(buildReply()))),
  garbage: (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('<html>oops</html>'),
  prose: (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(completion('You probably want a logo designer.')),
  'bad-category': (res) =>
    res
      .writeHead(200)
      .end(completion(JSON.stringify(buildReply({ suggestedFilters: { category: 'cooking', priceRange: 'all', sortBy: 'rating' } })))),
  wordy: (res) =>
    res
      .writeHead(200)
      .end(
        completion(JSON.stringify(buildReply({ searchQuery: 'cheap logo designer who delivers fast', deliveryDays: 3, maxPrice: null }))),
      ),
  'slow-month': (res) => res.writeHead(200).end(completion(JSON.stringify(buildReply({ searchQuery: 'logo', deliveryDays: 45 })))),
  'bad-sub': (res) => res.writeHead(200).end(completion(JSON.stringify(buildReply({ subCategory: 'backend' })))),
  slow: (res) => {
    const timer = setTimeout(() => res.writeHead(200).end(completion(JSON.stringify(buildReply()))), 1_500);
    res.on('close', () => clearTimeout(timer));
  },
  error: (res) =>
    res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `bad key ${API_KEY}` } })),
};

let server: Server;
let root = '';
let closedPort = 0;
const seen: Seen[] = [];

async function handle(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const path = req.url ?? '';
  seen.push({ path, authorization: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
  const route = ROUTES[path.split('/')[1] ?? ''];
  if (route) route(res);
  else res.writeHead(404).end();
}

async function listen(target: Server): Promise<number> {
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  return (target.address() as AddressInfo).port;
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  root = `http://127.0.0.1:${await listen(server)}`;
  // A port that was just free and is closed again: connecting to it is refused, a real network failure.
  const probe = createServer();
  closedPort = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
});

function recordingLog() {
  const warnings: { details: Record<string, unknown>; message: string }[] = [];
  const log: FallbackLog = { warn: (details, message) => warnings.push({ details, message }) };
  return { log, warnings };
}

const llmAt = (path: string, timeoutMs = 2_000) =>
  createLlmInterpreter({ baseUrl: `${root}/${path}/`, apiKey: API_KEY, model: 'test-model', timeoutMs });

describe('llm interpreter', () => {
  it('asks the chat completions endpoint for JSON and returns the validated reply as source llm', async () => {
    const result = await llmAt('valid')(QUERY);

    expect(result).toEqual({ ...buildReply(), searchQuery: 'logo', source: 'llm' });
    const [request] = seen;
    expect(request?.path).toBe('/valid/chat/completions');
    expect(request?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.body).toMatchObject({ model: 'test-model', response_format: { type: 'json_object' } });
    const messages = request?.body.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[1]?.content).toBe(QUERY);
    for (const word of ['web', 'infrastructure', 'price-low', 'rating', 'low', '30', 'JSON']) expect(messages[0]?.content).toContain(word);
  });

  it('leaves the words its filters took out of the search words, as the local reading does', async () => {
    const result = await llmAt('wordy')('cheap logo designer who delivers fast');
    expect(result).toMatchObject({ searchQuery: 'logo', deliveryDays: 3 });
    expect((await llmAt('slow-month')('logo in 45 days')).deliveryDays).toBeNull();
  });

  it.each([
    ['garbage', 'json'],
    ['prose', 'json'],
    ['bad-category', 'schema'],
    ['bad-sub', 'schema'],
    ['error', 'status'],
  ])('rejects the %s reply as a %s failure', async (path, reason) => {
    await expect(llmAt(path)(QUERY)).rejects.toMatchObject({ name: 'LlmError', reason });
  });

  it('gives up after the timeout', async () => {
    const started = Date.now();
    const failure = await llmAt('slow', 200)(QUERY).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LlmError);
    expect(failure).toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1_400);
  });

  it('reports an unreachable endpoint as a network failure', async () => {
    const llm = createLlmInterpreter({ baseUrl: `http://127.0.0.1:${closedPort}`, apiKey: API_KEY, model: 'm' });
    await expect(llm(QUERY)).rejects.toMatchObject({ reason: 'network' });
  });
});

describe('interpretWithFallback', () => {
  it('uses the model when it answers well', async () => {
    const { log, warnings } = recordingLog();
    const result = await interpretWithFallback(QUERY, { llm: llmAt('valid'), log });
    expect(result.source).toBe('llm');
    expect(warnings).toEqual([]);
  });

  it.each([
    ['garbage', 'json', 2_000],
    ['bad-sub', 'schema', 2_000],
    ['slow', 'timeout', 200],
    ['error', 'status', 2_000],
  ])('falls back to the local reading when the model replies %s', async (path, reason, timeoutMs) => {
    const { log, warnings } = recordingLog();
    const result = await interpretWithFallback(QUERY, { llm: llmAt(path, timeoutMs), log });

    expect(result).toEqual(interpret(QUERY));
    expect(result.source).toBe('local');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.details).toMatchObject({ reason });
    // The key, the request text and the reply body stay out of the logs.
    const logged = JSON.stringify(warnings);
    expect(logged).not.toContain(API_KEY);
    expect(logged).not.toContain('logo designer');
  });

  it('falls back when the endpoint cannot be reached', async () => {
    const { log, warnings } = recordingLog();
    const llm = createLlmInterpreter({ baseUrl: `http://127.0.0.1:${closedPort}`, apiKey: API_KEY, model: 'm' });
    expect((await interpretWithFallback(QUERY, { llm, log })).source).toBe('local');
    expect(warnings[0]?.details).toMatchObject({ reason: 'network' });
  });

  it('answers locally without a model, with live tags for typos', async () => {
    expect(await interpretWithFallback(QUERY)).toEqual(interpret(QUERY));
    expect((await interpretWithFallback('supabse auth', { extraTerms: ['supabase'] })).searchQuery).toBe('supabase auth');
  });
});
