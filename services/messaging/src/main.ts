import { loadConfig, remoteTokenVerifier, runServiceProcess } from '@commonwork/kit';
import { MessagingConfig } from './config.ts';
import { messagingService } from './service.ts';

// Cluster mode: messaging as its own process.
const config = loadConfig(MessagingConfig);
await runServiceProcess({
  name: 'messaging',
  config,
  definition: messagingService(config),
  verifier: remoteTokenVerifier(config.IDENTITY_URL),
  identity: config.IDENTITY_URL,
});
