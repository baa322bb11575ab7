import { defineConfig } from 'vitest/config';

// `npm run test:faults`: cluster mode under faults (faults/), one file at a time, minutes long.
export default defineConfig({
  test: {
    include: ['faults/**/*.faults.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 600_000,
    hookTimeout: 180_000,
  },
});
