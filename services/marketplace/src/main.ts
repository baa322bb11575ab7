import { loadConfig, remoteTokenVerifier, runServiceProcess } from '@commonwork/kit';
import { MarketplaceConfig } from './config.ts';
import { marketplaceService } from './service.ts';

// Cluster mode: marketplace as its own process.
const config = loadConfig(MarketplaceConfig);
await runServiceProcess({
  name: 'marketplace',
  config,
  definition: marketplaceService(config),
  verifier: remoteTokenVerifier(config.IDENTITY_URL),
  identity: config.IDENTITY_URL,
});
