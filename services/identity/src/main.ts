import { loadConfig, runServiceProcess } from '@commonwork/kit';
import { IdentityConfig } from './config.ts';
import { loadKeyStore } from './keys/keyStore.ts';
import { identityService, identityVerifier, keysFileOf } from './service.ts';

// Cluster mode: identity as its own process; it verifies tokens with its own keys.
const config = loadConfig(IdentityConfig);
const keys = await loadKeyStore(keysFileOf(config));
await runServiceProcess({ name: 'identity', config, definition: identityService(config, keys), verifier: identityVerifier(keys) });
