import { REALTIME_PART, SERVICE_MANIFEST, SERVICE_NAMES, type ServiceName, urlSettingOf } from '@commonwork/contracts';
import { CommonConfig, envList, RedisSettings, UserLimitSettings } from '@commonwork/kit';
import { z } from 'zod';
import { DEFAULT_SECTION_TIMEOUT_MS } from './bff/dashboard.ts';

/** A service's replicas, comma-separated: the gateway spreads requests over them (a single URL: a load balancer's). */
const replicas = (fallback: string) => envList(fallback).pipe(z.array(z.string().url()).min(1));

type Replicas = ReturnType<typeof replicas>;

/**
 * One setting per service of the manifest, `IDENTITY_URL` to `DRAFTS_URL`: its replicas, by default
 * its manifest port on this machine. A new service's upstream comes with its manifest entry.
 */
const upstreamSettings = Object.fromEntries(
  SERVICE_NAMES.map((name) => [urlSettingOf(name), replicas(`http://127.0.0.1:${SERVICE_MANIFEST[name].port}`)]),
) as { [N in ServiceName as ReturnType<typeof urlSettingOf<N>>]: Replicas };

export const GatewayConfig = CommonConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  ...upstreamSettings,
  /** The realtime replicas, comma-separated; `/socket.io/` goes to one of them, sticky by client address. */
  REALTIME_URLS: envList(`http://127.0.0.1:${REALTIME_PART.port}`).pipe(z.array(z.string().url())),
  /**
   * Or the realtime replicas by DNS, in place of REALTIME_URLS: `http://realtime:4010` means every
   * address `realtime` resolves to (a headless Service's ready pods), on port 4010.
   */
  REALTIME_DNS: z.string().url().optional(),
  /** How often REALTIME_DNS is looked up again; default 5,000 ms. */
  REALTIME_DNS_REFRESH_MS: z.coerce.number().int().positive().default(5_000),
  /**
   * The proxies in front (addresses or CIDR ranges, comma-separated, or `loopback`) whose
   * X-Forwarded-For names the client; none by default: the client is the peer address.
   */
  TRUSTED_PROXIES: envList(),
  /** The built SPA; unset or missing means the gateway serves the API only. */
  WEB_DIST: z.string().optional(),
  /** Requests per minute per client (user id when signed in, with their socket events; else address). */
  ...UserLimitSettings,
  /** Where the limits are counted when there are several gateway replicas. */
  ...RedisSettings,
  /** How long each dashboard section may take before the dashboard answers without it; default 1,000 ms. */
  BFF_SECTION_TIMEOUT_MS: z.coerce.number().int().positive().default(DEFAULT_SECTION_TIMEOUT_MS),
  /** Google sign-in's client id, as identity has it: its set or not decides whether pages let Google's script in. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  /** Requests per minute per address on the sign-in calls; default 30. */
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().positive().default(30),
});
export type GatewayConfig = z.infer<typeof GatewayConfig>;
