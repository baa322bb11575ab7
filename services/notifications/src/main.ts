import { createTokenVerifier, loadConfig, runServiceProcess } from '@commonwork/kit';
import { NotificationsConfig } from './config.ts';
import { notificationsService } from './service.ts';

// Cluster mode: notifications as its own process.
const config = loadConfig(NotificationsConfig);
await runServiceProcess({
  name: 'notifications',
  config,
  definition: notificationsService(config),
  verifier: createTokenVerifier(new URL('/.well-known/jwks.json', config.IDENTITY_URL)),
});
