import { loadConfig, remoteTokenVerifier, runServiceProcess } from '@commonwork/kit';
import { EventsConfig } from './config.ts';
import { eventsService } from './service.ts';

// Cluster mode: events as its own process.
const config = loadConfig(EventsConfig);
await runServiceProcess({
  name: 'events',
  config,
  definition: eventsService(config),
  verifier: remoteTokenVerifier(config.IDENTITY_URL),
  identity: config.IDENTITY_URL,
});
