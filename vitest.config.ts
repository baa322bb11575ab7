import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.{unit,int}.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    // Registers how kit/testing's startTestPlatform starts the platform (the kit cannot import it).
    setupFiles: ['deploy/local/testing.ts'],
    // Two cores: two forks; each integration file owns its database and bus namespace.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
