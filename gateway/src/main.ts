import { byService, urlSettingOf } from '@commonwork/contracts';
import {
  createLogger,
  drainAndClose,
  loadConfig,
  RedisRateCounter,
  remoteTokenVerifier,
  shutdownOnSignals,
  startMetrics,
  startTelemetry,
} from '@commonwork/kit';
import { Redis } from 'ioredis';
import { GatewayConfig } from './config.ts';
import { createGateway } from './gateway.ts';

// Cluster mode: the gateway as its own process.
const config = loadConfig(GatewayConfig);
const log = createLogger('gateway', config.LOG_LEVEL);
const stopTelemetry = await startTelemetry('gateway', log);
// Prometheus's /metrics on METRICS_PORT, a port of its own: never the public one.
const metrics = await startMetrics('gateway', log);
// With Redis, every gateway replica and realtime replica counts a person's calls in one place;
// while it is down, calls go uncounted at once rather than wait for the reconnection.
const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { enableOfflineQueue: false }) : null;
redis?.on('error', (error) => log.warn({ err: error }, 'redis error'));
const app = await createGateway({
  log,
  // Every identity replica serves the same keys.
  verifier: remoteTokenVerifier(config.IDENTITY_URL),
  services: byService((name) => config[urlSettingOf(name)]),
  realtime: config.REALTIME_URLS,
  ...(config.REALTIME_DNS && { realtimeDns: { url: config.REALTIME_DNS, refreshMs: config.REALTIME_DNS_REFRESH_MS } }),
  trustedProxies: config.TRUSTED_PROXIES,
  webDist: config.WEB_DIST,
  rateLimit: {
    max: config.RATE_LIMIT_MAX,
    authMax: config.RATE_LIMIT_AUTH_MAX,
    ...(redis && { counter: new RedisRateCounter(redis, config.REDIS_PREFIX) }),
  },
  sectionTimeoutMs: config.BFF_SECTION_TIMEOUT_MS,
  googleSignIn: Boolean(config.GOOGLE_CLIENT_ID),
});
await app.listen({ host: config.HOST, port: config.PORT });
shutdownOnSignals(log, [
  { name: 'telemetry', stop: stopTelemetry },
  { name: 'metrics', stop: metrics.stop },
  { name: 'redis', stop: async () => void (await redis?.quit()) },
  { name: 'gateway', stop: () => drainAndClose(app, config.DRAIN_DELAY_MS) },
]);
