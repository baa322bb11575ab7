import { createLogger, loadConfig, openBus, remoteTokenVerifier, shutdownOnSignals, startMetrics, startTelemetry } from '@commonwork/kit';
import { RealtimeConfig } from './config.ts';
import { startRealtime } from './server.ts';

// Cluster mode: one realtime replica as its own process. Run several behind the gateway, with REDIS_URL.
const config = loadConfig(RealtimeConfig);
const log = createLogger('realtime', config.LOG_LEVEL);
const stopTelemetry = await startTelemetry('realtime', log);
// Prometheus's /metrics on METRICS_PORT, a port of its own: never the public one.
const metrics = await startMetrics('realtime', log);
// No database here: the realtime tier keeps no state of its own beyond Redis.
const bus = await openBus(config, log);
const realtime = await startRealtime({
  bus,
  log,
  verifier: remoteTokenVerifier(config.IDENTITY_URL),
  messagingUrl: config.MESSAGING_URL,
  redisUrl: config.REDIS_URL,
  redisPrefix: config.REDIS_PREFIX,
  limit: { max: config.RATE_LIMIT_MAX },
  host: config.HOST,
  port: config.PORT,
});
shutdownOnSignals(log, [
  { name: 'telemetry', stop: stopTelemetry },
  { name: 'metrics', stop: metrics.stop },
  { name: 'bus', stop: () => bus.close() },
  { name: 'realtime', stop: realtime.stop },
]);
