import { fileURLToPath } from 'node:url';
import { CommonConfig, createLogger, loadConfig, openInfrastructure, shutdownOnSignals, startTelemetry } from '@commonwork/kit';
import { startPlatform } from './platform.ts';

// `npm start`: everything in one process on embedded adapters (PGlite under ./data, in-process bus).
const env = { WEB_DIST: fileURLToPath(new URL('../../web/dist', import.meta.url)), ...process.env };
const config = loadConfig(CommonConfig, env);
const log = createLogger('commonwork', config.LOG_LEVEL);
const stopTelemetry = await startTelemetry('commonwork', log);
const infra = await openInfrastructure(config, log);
const platform = await startPlatform({ env, database: infra.database, bus: infra.bus, log });
log.info(`Commonwork is running on ${platform.url.replace('0.0.0.0', 'localhost')}`);
shutdownOnSignals(log, [
  { name: 'telemetry', stop: stopTelemetry },
  { name: 'infrastructure', stop: infra.close },
  { name: 'platform', stop: platform.stop },
]);
