// The web app's build as the launchers need it (`npm start`, `npm run start:cluster`): built when any
// source it is made from is newer than the build, quietly, and never when WEB_DIST names another one.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Written into the build after it succeeds: when the build started (ms), what it was made from then. */
export const STAMP = '.built-at';

/** What the web build reads, relative to the repository root: its sources, configs, the contracts it imports, the lock. */
export const WEB_SOURCES = [
  'web/src',
  'web/build',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/tsconfig.json',
  'web/package.json',
  'contracts/src',
  'package-lock.json',
];

/** The newest modification time (ms) of the files at or under `paths`; 0 when none exists. */
export function newestChange(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules') visit(join(path, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const path of paths) visit(path);
  return newest;
}

/** Why the build in `dist` must be made again, or null when it is newer than every source. */
export function staleReason(root, dist) {
  const stamp = join(dist, STAMP);
  if (!existsSync(join(dist, 'index.html'))) return 'not built yet';
  // A build made by hand (`npm run build -w web`) has no stamp: its sources' time is unknown.
  if (!existsSync(stamp)) return 'built without a stamp';
  const builtFrom = Number(readFileSync(stamp, 'utf8'));
  return newestChange(WEB_SOURCES.map((path) => join(root, path))) > builtFrom ? 'sources changed since the last build' : null;
}

/**
 * The web app to serve: WEB_DIST as given (other runs build their own and rely on it being left
 * alone), else web/dist, built first when stale. The build's output is shown only when it fails.
 */
export function ensureWebBuilt(root, { env = process.env, say = console.log } = {}) {
  if (env.WEB_DIST) return env.WEB_DIST;
  const dist = join(root, 'web', 'dist');
  const reason = staleReason(root, dist);
  if (!reason) return dist;
  say(`Building the web app (${reason})...`);
  const started = Date.now();
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    // Vite checks, while it bundles vite.config.ts, whether the config could load without bundling;
    // on a cold first start that check took most of the config's bundling time and set off Rolldown's
    // PLUGIN_TIMINGS warning. We load the config by bundling: the check has nothing to tell us.
    env: { VITE_CONFIG_NATIVE_IGNORE_WARNING: '1', ...process.env },
  });
  if (build.status !== 0) {
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    say(`The web app's build failed (exit ${build.status ?? build.signal}); its output is above.`);
    process.exit(build.status ?? 1);
  }
  writeFileSync(join(dist, STAMP), String(started));
  say(`Built the web app in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return dist;
}
