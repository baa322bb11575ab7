import { loadConfig, remoteTokenVerifier, runServiceProcess } from '@commonwork/kit';
import { WebhooksConfig } from './config.ts';
import { webhooksService } from './service.ts';

// Cluster mode: webhooks as its own process.
const config = loadConfig(WebhooksConfig);
await runServiceProcess({
  name: 'webhooks',
  config,
  definition: webhooksService(config),
  verifier: remoteTokenVerifier(config.IDENTITY_URL),
  identity: config.IDENTITY_URL,
});
