// `npm run test:e2e`: the browser tests through the real gateway, on Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  // CI must run the browser tests; a newcomer's first `npm test` should not fail for want of a browser.
  const message = `Chromium not found at ${chromium}: run 'apt-get install -y chromium' or set CHROMIUM_PATH.`;
  if (process.env.CI) {
    console.error(message);
    process.exit(1);
  }
  console.warn(`Browser tests skipped. ${message}`);
  process.exit(0);
}
const result = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', ...process.env },
});
process.exit(result.status ?? 1);
