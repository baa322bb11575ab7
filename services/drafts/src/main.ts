import { loadConfig, remoteTokenVerifier, runServiceProcess } from '@commonwork/kit';
import { DraftsConfig } from './config.ts';
import { draftsService } from './service.ts';

// Cluster mode: drafts as its own process.
const config = loadConfig(DraftsConfig);
await runServiceProcess({
  name: 'drafts',
  config,
  definition: draftsService(),
  verifier: remoteTokenVerifier(config.IDENTITY_URL),
  identity: config.IDENTITY_URL,
});
