import { defineConfig } from 'vitest/config';

// CI's run with no servers (.ci/run sets CI_WITHOUT_SERVERS=1) follows its run on the servers, which
// ran the pure unit tests exactly as they would run here: only the integration tests, whose platform
// differs (PGlite, the in-process bus), run again. Anywhere else, `npm test` runs both.
const integrationOnly = process.env.CI_WITHOUT_SERVERS === '1';
const include = integrationOnly ? ['**/*.int.test.ts'] : ['**/*.{unit,int}.test.ts'];
const exclude = ['**/node_modules/**', '**/dist/**', 'e2e/**'];

// Files that start OpenTelemetry's SDK: its instrumentations patch modules for the rest of the process,
// so each runs in a process of its own.
const startsTelemetry = [
  'services/kit/test/tracing.int.test.ts',
  'services/kit/src/telemetry.unit.test.ts',
  'gateway/test/observabilityOff.int.test.ts',
  'deploy/observability/metrics.int.test.ts',
];

export default defineConfig({
  test: {
    // Registers how kit/testing's startTestPlatform starts the platform (the kit cannot import it).
    setupFiles: ['deploy/local/testing.ts'],
    // Two cores: two forks; each integration file owns its database and bus namespace.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        // A fork runs file after file with the modules it loaded: importing the platform again for each
        // file was a third of a file's time (docs/decisions/tests/test-files-share-a-process.md).
        test: { name: 'shared', include, exclude: [...exclude, ...startsTelemetry], isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'own-process',
          include: startsTelemetry.filter((file) => !integrationOnly || file.endsWith('.int.test.ts')),
          exclude,
        },
      },
    ],
  },
});
