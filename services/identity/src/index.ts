export { IdentityConfig } from './config.ts';
export { issueAccessToken } from './keys/accessTokens.ts';
export { type KeyStore, loadKeyStore } from './keys/keyStore.ts';
export { NoKeyFile, rotateKeyFile, rotateKeys } from './keys/rotation.ts';
export { projections } from './projections.ts';
export { type IdentityOptions, identityService, identityVerifier, keysFileOf } from './service.ts';
