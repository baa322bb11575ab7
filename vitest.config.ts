import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.{unit,int}.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    // Two cores: two forks; each integration file owns its database and bus namespace.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
