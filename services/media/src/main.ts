import { loadConfig, remoteTokenVerifier, runServiceProcess } from '@commonwork/kit';
import { MediaConfig } from './config.ts';
import { mediaService } from './service.ts';

// Cluster mode: media as its own process.
const config = loadConfig(MediaConfig);
await runServiceProcess({
  name: 'media',
  config,
  definition: mediaService(),
  verifier: remoteTokenVerifier(config.IDENTITY_URL),
  identity: config.IDENTITY_URL,
});
