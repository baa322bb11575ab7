import { z } from 'zod';
import { DEFAULT_USER_LIMIT } from './limits.ts';

/** Thrown (and, at boot, printed) when the environment does not satisfy a config schema. */
export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses configuration from the environment; the message names every variable that is wrong. */
export function parseConfig<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv = process.env): z.infer<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`));
}

/** Boot-time config: on failure print a readable message and exit, never start half-configured. */
export function loadConfig<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv = process.env): z.infer<T> {
  try {
    return parseConfig(schema, env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(78);
  }
}

/** `"true"`/`"1"` → true; anything else set → false; unset → the default. */
export const envFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1'));

/** A comma-separated list: `"a, b,"` → `['a', 'b']`; unset → the fallback's items. */
export const envList = (fallback = '') =>
  z
    .string()
    .default(fallback)
    .transform((v) =>
      v
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    );

/**
 * The platform's admins, by the email their sign-in proves (ADMIN_EMAILS, comma-separated, any
 * case); default none. Read by each service that grants them something.
 */
export const AdminEmails = envList('').transform((emails) => emails.map((email) => email.toLowerCase()));

/** Identity's replicas (IDENTITY_URL, comma-separated): access tokens are checked against the key set they serve. */
export const IdentityUrls = envList('http://127.0.0.1:4001').pipe(z.array(z.string().url()).min(1));

/**
 * The web app's address as people reach it (PUBLIC_URL), for every link that leaves the platform (a
 * calendar entry, a mail): a service behind the gateway never sees it, only the address it listens on.
 */
export const PublicUrl = z
  .string()
  .url()
  .refine((url) => /^https?:\/\//.test(url), 'PUBLIC_URL must be an http(s) address')
  .default('http://localhost:8080');

/** A page of the web app as a link from outside: `path` under PUBLIC_URL, a path it has kept (`https://host/app` + `/events/1`). */
export const publicLink = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`;

/** Redis, where replicas share state (realtime fan-out and presence, rate limits); unset: in memory, one replica. */
export const RedisSettings = {
  REDIS_URL: z.string().optional(),
  /** Prefix of every Redis key and channel, so deployments can share one Redis; default `commonwork`. */
  REDIS_PREFIX: z.string().min(1).default('commonwork'),
};

/** A person's budget, REST calls and socket events together: per minute; default 600. */
export const UserLimitSettings = {
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(DEFAULT_USER_LIMIT),
};

/** Settings every process shares. */
export const CommonConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL server; unset means embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /** NATS with JetStream; unset means the in-process bus. */
  NATS_URL: z.string().optional(),
  /**
   * How many JetStream nodes keep each stream; default 1 (one server). 3 on a three-node cluster,
   * so losing one node loses no acknowledged event (JetStream allows at most 5).
   */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  DATA_DIR: z.string().default('./data'),
  /**
   * How long a stopping process keeps serving after its `/readyz` says "draining", so whatever
   * routes to it stops first; default 0 (nothing routes by readiness in embedded mode).
   */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
});
export type CommonConfig = z.infer<typeof CommonConfig>;
