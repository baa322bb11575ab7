// `npm run bench:memory`: how much memory `npm start` holds, the platform the e2e suite starts (the
// embedded platform with the demo data, through start.mjs, with the e2e run's settings): resident
// once ready, then after the browser suite has run against it (the suite reuses this platform:
// Playwright's reuseExistingServer). Arguments are the suite's (`npm run bench:memory -- e2e/auth.e2e.test.ts`
// runs one file). Reports each process's resident memory (VmRSS), its anonymous part and its peak.
// BENCH_RESULTS_FILE: somewhere else to write the section (a run to compare, not the record).
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sleep, stepper, watchdog } from './run.ts';
import { writeSection } from './section.ts';
import { positiveSetting } from './settings.ts';

const RESULTS_FILE = process.env.BENCH_RESULTS_FILE ?? fileURLToPath(new URL('./RESULTS.md', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = positiveSetting('BENCH_PORT', 8091);
/** After ready and after the suite, before reading: what start-up or the last test set going settles. */
const SETTLE_MS = positiveSetting('BENCH_SETTLE_MS', 15_000);
/** A first start seeds the demo: minutes on a loaded machine. */
const READY_MS = positiveSetting('BENCH_READY_MS', 600_000);
const RUN_BUDGET_MS = 3_600_000;
const step = stepper('bench:memory');
const stopWatch = watchdog('bench:memory', RUN_BUDGET_MS);

// The e2e run's own platform settings (data directory, rate limits, Google client id), so the suite
// finds the platform it would have started itself; the config reads E2E_PORT when loaded.
process.env.E2E_PORT = String(PORT);
const { default: e2e } = await import('../e2e/playwright.config.ts');
const server = Array.isArray(e2e.webServer) ? e2e.webServer[0] : e2e.webServer;
if (!server?.command || !server.url) throw new Error('e2e/playwright.config.ts starts no web server');

interface Memory {
  pid: number;
  name: string;
  rssMb: number;
  anonMb: number;
  peakMb: number;
}

/** A process's memory from /proc/<pid>/status, in MB. */
function memoryOf(pid: number): Memory | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0) / 1024;
    const name = status.match(/^Name:\s+(.*)$/m)?.[1] ?? '?';
    return { pid, name, rssMb: kb('VmRSS'), anonMb: kb('RssAnon'), peakMb: kb('VmHWM') };
  } catch {
    return null;
  }
}

/** `pid` and every process under it (start.mjs, the platform it runs, tsx's esbuild service). */
function tree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Ended while we looked.
    }
  }
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i] ?? 0) ?? []));
  return all;
}

/** Each process of the tree, the platform's (the largest) first. */
const reading = (launcher: number) =>
  tree(launcher)
    .flatMap((pid) => memoryOf(pid) ?? [])
    .sort((a, b) => b.rssMb - a.rssMb);

async function readyWithin(url: string, child: ChildProcess, ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await sleep(250);
  }
  throw new Error(`npm start was not ready within ${ms / 1000} s`);
}

const started = performance.now();
const [program = 'node', ...args] = server.command.split(' ');
step(`starting \`${server.command}\` on port ${PORT}`);
const platform = spawn(program === 'node' ? process.execPath : program, args, {
  cwd: root,
  env: { ...process.env, ...server.env },
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const launcher = platform.pid ?? 0;
let suite: { code: number; seconds: number } | undefined;
try {
  await readyWithin(server.url, platform, READY_MS);
  step(`ready in ${((performance.now() - started) / 1000).toFixed(1)} s; settling ${SETTLE_MS / 1000} s`);
  await sleep(SETTLE_MS);
  const afterStart = reading(launcher);
  step(`after start-up: ${afterStart.map((m) => `${m.name} ${m.rssMb.toFixed(0)} MB`).join(', ')}`);
  const suiteStarted = performance.now();
  const ran = spawn(process.execPath, ['e2e/run.mjs', ...process.argv.slice(2)], {
    cwd: root,
    env: { ...process.env, E2E_REUSE_SERVER: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number>((resolve) => ran.once('exit', (exit) => resolve(exit ?? 1)));
  suite = { code, seconds: (performance.now() - suiteStarted) / 1000 };
  step(`the suite ended (exit ${code}) in ${suite.seconds.toFixed(0)} s; settling ${SETTLE_MS / 1000} s`);
  await sleep(SETTLE_MS);
  const afterSuite = reading(launcher);
  step(`after the suite: ${afterSuite.map((m) => `${m.name} ${m.rssMb.toFixed(0)} MB`).join(', ')}`);
  await writeSection(RESULTS_FILE, 'memory', '# `npm start` memory: benchmark', render(afterStart, afterSuite, suite));
} finally {
  platform.kill('SIGTERM');
  await new Promise((resolve) => (platform.exitCode === null ? platform.once('exit', resolve) : resolve(null)));
  clearTimeout(stopWatch);
}

function render(afterStart: Memory[], afterSuite: Memory[], ran: { code: number; seconds: number }) {
  const mb = (value: number) => value.toFixed(0);
  const [load1, load5, load15] = loadavg().map((l) => l.toFixed(2));
  const row = (label: string, all: Memory[]) => {
    const [main] = all;
    const rest = all.slice(1);
    return `| ${label} | ${mb(main?.rssMb ?? 0)} | ${mb(main?.anonMb ?? 0)} | ${mb(main?.peakMb ?? 0)} | ${rest.map((m) => `${m.name} ${mb(m.rssMb)}`).join(', ')} | ${mb(all.reduce((sum, m) => sum + m.rssMb, 0))} |`;
  };
  const files = process.argv.slice(2).filter((arg) => arg.endsWith('.ts'));
  return [
    `## Memory results (${new Date().toISOString().slice(0, 16).replace('T', ' ')})`,
    '',
    `Machine load ${load1} ${load5} ${load15}; Node ${process.version}. \`${server?.command}\` with the e2e run's settings, read ${SETTLE_MS / 1000} s after it answered ready and ${SETTLE_MS / 1000} s after the browser suite (${files.length > 0 ? files.join(' ') : 'every file'}: exit ${ran.code}, ${ran.seconds.toFixed(0)} s) ran against it. Resident memory from /proc (VmRSS; anonymous: RssAnon; peak: VmHWM), in MB.`,
    '',
    '| when | platform resident | anonymous | peak | other processes | all |',
    '|---|--:|--:|--:|---|--:|',
    row('after start-up', afterStart),
    row('after the e2e suite', afterSuite),
    '',
    'Targets (issue 34): at most 500 MB resident after start-up, 600 MB after the suite.',
  ].join('\n');
}
