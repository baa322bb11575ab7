import { fileURLToPath } from 'node:url';
import {
  CommonConfig,
  createLogger,
  loadConfig,
  openInfrastructure,
  shutdownOnSignals,
  startMetrics,
  startTelemetry,
} from '@commonwork/kit';
import { prepareFirstStart, startFlags } from './demo/firstStart.ts';
import { startPlatform } from './platform.ts';

// `npm start`: everything in one process on embedded adapters (PGlite under ./data, in-process bus).
// A first start (no people, no gigs) seeds the demo; `npm start -- --empty` starts without it, and
// `--demo` on a platform that has anything says it was skipped (demo/firstStart.ts).
const flags = startFlags(process.argv.slice(2));
if ('error' in flags) {
  console.error(flags.error);
  process.exit(64);
}
// This machine only unless HOST says otherwise: the developer sign-in signs anyone in by email.
// Webhooks may call receivers on this machine (loopback): everything works on one machine.
const env = {
  WEB_DIST: fileURLToPath(new URL('../../web/dist', import.meta.url)),
  HOST: '127.0.0.1',
  WEBHOOK_ALLOW_LOOPBACK: 'true',
  ...process.env,
};
const config = loadConfig(CommonConfig, env);
// A person at a terminal reads lines; anything else (a pipe, a log collector) gets JSON.
const log = createLogger('commonwork', config.LOG_LEVEL, { pretty: process.stdout.isTTY && process.env.LOG_FORMAT !== 'json' });
const stopTelemetry = await startTelemetry('commonwork', log);
// One process, one /metrics (METRICS_PORT) for every service in it.
const metrics = await startMetrics('commonwork', log);
const infra = await openInfrastructure(config, log);
const firstStart = await prepareFirstStart(infra.database, flags, log);
const platform = await startPlatform({ env, database: infra.database, bus: infra.bus, log });
const address = new URL(platform.url);
const local = ['127.0.0.1', '[::1]', 'localhost'].includes(address.hostname);
if (local || ['0.0.0.0', '[::]'].includes(address.hostname)) address.hostname = 'localhost';
log.info(
  `Commonwork is running on ${address.origin} (${local ? 'this machine only; HOST=0.0.0.0 serves the network' : `listening on ${env.HOST}`})`,
);
// Said last, where a newcomer reads: what data the platform started with and how to get the other.
if (firstStart.outcome === 'skipped') log.warn(firstStart.message);
else if (firstStart.message) log.info(firstStart.message);
shutdownOnSignals(log, [
  { name: 'telemetry', stop: stopTelemetry },
  { name: 'metrics', stop: metrics.stop },
  { name: 'infrastructure', stop: infra.close },
  { name: 'platform', stop: platform.stop },
]);
