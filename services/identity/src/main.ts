import { loadConfig, runServiceProcess } from '@commonwork/kit';
import { IdentityConfig } from './config.ts';
import { loadKeyStore } from './keys/keyStore.ts';
import { identityService, identityVerifier, keysFileOf } from './service.ts';

// Cluster mode: identity as its own process; it verifies JWTs with its own keys, and asks itself
// (its internal routes, on the loopback when it listens on every address) about ended sessions and
// personal access tokens, and sends its own part of a person's data export there as every service does.
const config = loadConfig(IdentityConfig);
const keys = await loadKeyStore(keysFileOf(config));
const host = ['0.0.0.0', '::', ''].includes(config.HOST) ? '127.0.0.1' : config.HOST;
const self = [`http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`];
const verifier = identityVerifier(keys, self);
await runServiceProcess({ name: 'identity', config, definition: identityService(config, keys), verifier, identity: self });
