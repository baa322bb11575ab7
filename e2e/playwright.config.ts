import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/** A made-up client id: the login pages show the Google button, which the tests stub. */
export const GOOGLE_CLIENT_ID = 'commonwork-e2e.apps.googleusercontent.com';
const port = Number(process.env.E2E_PORT ?? 8090);
const baseURL = `http://127.0.0.1:${port}`;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** Every run starts the platform on an empty data directory, so tests never see an earlier run's users. */
const dataDir = mkdtempSync(join(tmpdir(), 'commonwork-e2e-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.test.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    // Recording a trace costs every test CPU (a snapshot per action, the screencast): under CI, only a
    // failed test's retry records one, the run that shows the failure again.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  webServer: {
    // The demo data, as a newcomer's `npm start -- --demo` has it: the dashboard's lists have something to show.
    command: 'node deploy/local/start.mjs --demo',
    cwd: repoRoot,
    url: `${baseURL}/readyz`,
    timeout: 180_000,
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      // Many sign-ins from one address within a minute: lift the sign-in rate limit for the test run.
      RATE_LIMIT_AUTH_MAX: '1000',
      // Turns the Google button on; tests stub Google's script (see e2e/google.ts), no request leaves the machine.
      GOOGLE_CLIENT_ID: GOOGLE_CLIENT_ID,
    },
  },
});
