import { fileURLToPath } from 'node:url';
import { CommonConfig, createLogger, loadConfig, openInfrastructure, shutdownOnSignals, startTelemetry } from '@commonwork/kit';
import { startPlatform } from './platform.ts';
import { seedDemo } from './seed.ts';

// `npm start`: everything in one process on embedded adapters (PGlite under ./data, in-process bus).
// `npm start -- --demo` seeds demo people and gigs first when the marketplace has no gigs yet.
// This machine only unless HOST says otherwise: the developer sign-in signs anyone in by email.
const env = { WEB_DIST: fileURLToPath(new URL('../../web/dist', import.meta.url)), HOST: '127.0.0.1', ...process.env };
const config = loadConfig(CommonConfig, env);
// A person at a terminal reads lines; anything else (a pipe, a log collector) gets JSON.
const log = createLogger('commonwork', config.LOG_LEVEL, { pretty: process.stdout.isTTY && process.env.LOG_FORMAT !== 'json' });
const stopTelemetry = await startTelemetry('commonwork', log);
const infra = await openInfrastructure(config, log);
if (process.argv.includes('--demo')) {
  const demo = await seedDemo(infra.database, {}, log);
  log.info(demo, demo.seeded ? 'demo data seeded' : 'demo data not seeded: the marketplace already has gigs');
}
const platform = await startPlatform({ env, database: infra.database, bus: infra.bus, log });
const address = new URL(platform.url);
const local = ['127.0.0.1', '[::1]', 'localhost'].includes(address.hostname);
if (local || ['0.0.0.0', '[::]'].includes(address.hostname)) address.hostname = 'localhost';
log.info(
  `Commonwork is running on ${address.origin} (${local ? 'this machine only; HOST=0.0.0.0 serves the network' : `listening on ${env.HOST}`})`,
);
shutdownOnSignals(log, [
  { name: 'telemetry', stop: stopTelemetry },
  { name: 'infrastructure', stop: infra.close },
  { name: 'platform', stop: platform.stop },
]);
