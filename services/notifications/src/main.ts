import { loadConfig, remoteTokenVerifier, runServiceProcess } from '@commonwork/kit';
import { NotificationsConfig } from './config.ts';
import { notificationsService } from './service.ts';

// Cluster mode: notifications as its own process.
const config = loadConfig(NotificationsConfig);
await runServiceProcess({
  name: 'notifications',
  config,
  definition: notificationsService(config),
  verifier: remoteTokenVerifier(config.IDENTITY_URL),
  identity: config.IDENTITY_URL,
});
