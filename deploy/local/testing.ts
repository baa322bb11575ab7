import { registerTestPlatform } from '@commonwork/kit/testing/registry';

// A vitest setup file (vitest.config.ts): it runs before every test file, so it imports the
// services only when a test starts the platform; unit tests never load them.
registerTestPlatform(async (options) => {
  const [{ loadKeyStore }, { startPlatform }] = await Promise.all([import('@commonwork/identity'), import('./platform.ts')]);
  // Keys in memory: each test platform signs with its own.
  const keys = await loadKeyStore();
  const platform = await startPlatform({ ...options, keys });
  return { url: platform.url, services: platform.services, keys, stop: platform.stop };
});
