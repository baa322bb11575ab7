// Preloaded into the cluster's processes to profile them under a benchmark:
//   PROFILE_DIR=/tmp/prof PROFILE_MATCH='messaging|gateway' NODE_OPTIONS="--import ./bench/profile/start.mjs" npm run bench:posts
// Starts V8's sampling profiler PROFILE_AFTER_MS after start (default 60 s: past start-up) in each
// process whose entry matches PROFILE_MATCH, and writes <pid>-<entry>.cpuprofile on exit.
// Plain JavaScript: it loads before tsx. `npx tsx bench/profile/summarize.ts <file>` reads one.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { isMainThread } from 'node:worker_threads';

const entry = process.argv.at(-1) ?? '';
const dir = process.env.PROFILE_DIR;
if (isMainThread && dir && new RegExp(process.env.PROFILE_MATCH ?? '.').test(entry)) {
  const session = new Session();
  session.connect();
  let started = false;
  setTimeout(
    () => {
      session.post('Profiler.enable');
      session.post('Profiler.setSamplingInterval', { interval: 1000 });
      session.post('Profiler.start');
      started = true;
    },
    Number(process.env.PROFILE_AFTER_MS ?? 60_000),
  ).unref();
  // The in-process session answers synchronously, so the profile is written before the process ends.
  process.on('exit', () => {
    if (!started) return;
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(`${dir}/${process.pid}-${entry.replaceAll('/', '_')}.cpuprofile`, JSON.stringify(result.profile));
    });
  });
}
