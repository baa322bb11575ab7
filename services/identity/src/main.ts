import { createLogger, loadConfig, openInfrastructure, shutdownOnSignals, startService, startTelemetry } from '@commonwork/kit';
import { IdentityConfig } from './config.ts';
import { loadKeyStore } from './keys/keyStore.ts';
import { identityService, identityVerifier, keysFileOf } from './service.ts';

// Cluster mode: identity as its own process.
const config = loadConfig(IdentityConfig);
const log = createLogger('identity', config.LOG_LEVEL);
const stopTelemetry = await startTelemetry('identity', log);
const infra = await openInfrastructure(config, log);
const keys = await loadKeyStore(keysFileOf(config));
const service = await startService(identityService(config, keys), {
  ...infra,
  log,
  verifier: identityVerifier(keys),
  host: config.HOST,
  port: config.PORT,
});
shutdownOnSignals(log, [
  { name: 'telemetry', stop: stopTelemetry },
  { name: 'infrastructure', stop: infra.close },
  { name: 'identity', stop: service.stop },
]);
