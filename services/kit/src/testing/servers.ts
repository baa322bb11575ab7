import { existsSync } from 'node:fs';

/** A server (or program) an integration suite cannot run without. */
export type TestServer = 'postgres' | 'nats' | 'redis' | 'nats-server binary' | 'redis-server binary';

/** The nats-server program suites start and stop themselves: `NATS_SERVER_BIN`, default Debian's path (what `.ci/run` installs). */
export const natsServerBinary = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

/** The redis-server program suites start and stop themselves: `REDIS_SERVER_BIN`, default Debian's path. */
export const redisServerBinary = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';

const sources: Record<TestServer, { present: () => boolean; hint: string }> = {
  postgres: { present: () => Boolean(process.env.DATABASE_URL), hint: 'set DATABASE_URL to a PostgreSQL server' },
  nats: { present: () => Boolean(process.env.NATS_URL), hint: 'set NATS_URL to a NATS server with JetStream' },
  redis: { present: () => Boolean(process.env.REDIS_URL), hint: 'set REDIS_URL to a Redis server' },
  'nats-server binary': {
    present: () => existsSync(natsServerBinary),
    hint: `install nats-server at ${natsServerBinary}, or set NATS_SERVER_BIN`,
  },
  'redis-server binary': {
    present: () => existsSync(redisServerBinary),
    hint: `install redis-server at ${redisServerBinary}, or set REDIS_SERVER_BIN`,
  },
};

/**
 * CI says so with CI=true (or any value but "false" and "0"), as GitHub Actions and `.ci/run` do.
 * `.ci/run`'s run with no servers (the README's `npm test`, as a newcomer meets it) sets
 * CI_WITHOUT_SERVERS=1: its suites that need a server skip there, as on a laptop, because the run on
 * the servers before it ran them.
 */
const underCi = () => {
  const ci = process.env.CI?.trim().toLowerCase();
  return Boolean(ci) && ci !== 'false' && ci !== '0' && process.env.CI_WITHOUT_SERVERS !== '1';
};

/**
 * Whether a suite must skip because `server` is missing: `describe.skipIf(missing('redis'))(…)`.
 * On a laptop a missing server skips the suite; under CI it throws, so the file fails and names
 * what is missing, because a skipped suite there would report a pass for something never tested.
 */
export function missing(server: TestServer): boolean {
  const { present, hint } = sources[server];
  if (present()) return false;
  if (underCi()) throw new Error(`This suite needs ${server}, which is missing under CI: ${hint} (.ci/run starts every server).`);
  return true;
}
