import { randomUUID } from 'node:crypto';
import { type ApiClient, createApiClient, identityRoutes } from '@commonwork/contracts';
import type { Database } from '../db/database.ts';
import type { EventBus } from '../events/bus.ts';
import { fetchCheckedByDocument } from './documentedAnswers.ts';
import { platformStarter, type StartedPlatform } from './registry.ts';
import { createTestBus, createTestDatabase, testLogger } from './resources.ts';

/** The platform as the system tests use it. */
export interface TestPlatform {
  /** The gateway. */
  url: string;
  services: StartedPlatform['services'];
  keys: StartedPlatform['keys'];
  database: Database;
  bus: EventBus;
  /** The bus's JetStream namespace (its streams are `<namespace>_<STREAM>`) when on NATS_URL; none on the in-process bus. */
  namespace?: string;
  /**
   * The gateway through contracts' typed client: `p.api.send(route, { params, query, body, token })`
   * answers `{ status, body }` whatever the status; every answer is checked against the route's
   * response schema for that status, and against the published OpenAPI document (status, media type, body).
   */
  api: ApiClient;
  /**
   * Calls the gateway by path, for what is not a route of the API (health, the API's documents, a
   * deliberately unknown path); `token` adds the bearer header, a `body` is sent as JSON. Routes go through `api`.
   */
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  call: (method: string, path: string, options?: { body?: unknown; token?: string }) => Promise<{ status: number; body: any }>;
  stop: () => Promise<void>;
}

/**
 * Gateway and services on free ports, on a database and a bus namespace of the test file's own
 * (PostgreSQL and JetStream when DATABASE_URL and NATS_URL are set), started by the registered
 * starter. `env` adds to or overrides the platform's variables.
 */
export async function startTestPlatform(env: Record<string, string> = {}): Promise<TestPlatform> {
  const start = platformStarter();
  const { database, drop } = await createTestDatabase();
  const { bus, namespace, close } = await createTestBus();
  let platform: StartedPlatform;
  try {
    platform = await start({
      env: { NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', RATE_LIMIT_MAX: '10000', RATE_LIMIT_AUTH_MAX: '10000', ...env },
      database,
      bus,
      log: testLogger(),
    });
  } catch (error) {
    await close();
    await drop();
    throw error;
  }
  const call: TestPlatform['call'] = async (method, path, options = {}) => {
    const res = await fetch(`${platform.url}${path}`, {
      method,
      headers: {
        ...(options.body !== undefined && { 'content-type': 'application/json' }),
        ...(options.token && { authorization: `Bearer ${options.token}` }),
      },
      ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  // Every answer checked twice: against the route's zod schema, and against the OpenAPI document the gateway publishes.
  const api = createApiClient({ baseUrl: platform.url, checkAnswers: true, fetch: fetchCheckedByDocument(platform.url) });
  return {
    url: platform.url,
    api,
    services: platform.services,
    keys: platform.keys,
    database,
    bus,
    ...(namespace && { namespace }),
    call,
    stop: async () => {
      await platform.stop();
      await close();
      await drop();
    },
  };
}

let counter = 0;

/** Signs a new person in through the dev issuer; returns their access token and user. */
export async function signUp(p: TestPlatform, name = 'Ada Lovelace') {
  const email = `user${++counter}-${randomUUID().slice(0, 8)}@example.com`;
  const dev = await p.api.call(identityRoutes.devToken, { body: { email, name } });
  const session = await p.api.send(identityRoutes.googleSignIn, { body: { token: dev.token } });
  return { email, token: session.body.token, user: session.body.user, status: session.status, idToken: dev.token };
}

/** Signs up and completes the profile with a unique username. */
export async function buildUser(p: TestPlatform, name = 'Ada Lovelace') {
  const { token, user, email } = await signUp(p, name);
  // Random, not the shared counter: parallel sign-ups must never pick the same name.
  const username = `user_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const setup = await p.api.call(identityRoutes.setupUser, { token, body: { email, name, username, bio: 'I build things.' } });
  return { token: setup.token, user: setup.user, username, email, id: user.id };
}
