import {
  createLogger,
  createTokenVerifier,
  loadConfig,
  openInfrastructure,
  shutdownOnSignals,
  startService,
  startTelemetry,
} from '@commonwork/kit';
import { MarketplaceConfig } from './config.ts';
import { marketplaceService } from './service.ts';

// Cluster mode: marketplace as its own process.
const config = loadConfig(MarketplaceConfig);
const log = createLogger('marketplace', config.LOG_LEVEL);
const stopTelemetry = await startTelemetry('marketplace', log);
const infra = await openInfrastructure(config, log);
const service = await startService(marketplaceService(config), {
  ...infra,
  log,
  verifier: createTokenVerifier(new URL('/.well-known/jwks.json', config.IDENTITY_URL)),
  host: config.HOST,
  port: config.PORT,
});
shutdownOnSignals(log, [
  { name: 'telemetry', stop: stopTelemetry },
  { name: 'infrastructure', stop: infra.close },
  { name: 'marketplace', stop: service.stop },
]);
