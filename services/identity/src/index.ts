export { IdentityConfig } from './config.ts';
export { type KeyStore, loadKeyStore } from './keys/keyStore.ts';
export { rebuildProjections } from './rebuild.ts';
export { identityService, identityVerifier, keysFileOf } from './service.ts';
