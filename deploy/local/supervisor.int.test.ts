import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { eventually, freePort } from '@commonwork/kit/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type ProcessSpec, Supervisor } from './supervisor.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A tiny server: ready on /readyz; exits with EXIT_CODE after EXIT_AFTER_MS when set. */
const SERVER = `
const http = require('node:http');
http.createServer((_, res) => res.end('ok')).listen(Number(process.env.PORT), '127.0.0.1');
if (process.env.EXIT_AFTER_MS) setTimeout(() => process.exit(Number(process.env.EXIT_CODE ?? 1)), Number(process.env.EXIT_AFTER_MS));
process.on('SIGTERM', () => process.exit(0));
`;

async function part(name: string, env: Record<string, string> = {}): Promise<ProcessSpec> {
  const port = await freePort();
  return { name, args: ['-e', SERVER], env: { ...process.env, PORT: String(port), ...env }, readyUrl: `http://127.0.0.1:${port}/readyz` };
}

/**
 * Whether the process runs. A zombie (exited, not yet reaped: an orphan waits for init, which here
 * reaps every second or two) holds no port or memory and is not counted.
 */
const alive = (pid: number | undefined) => {
  try {
    if (pid === undefined || !process.kill(pid, 0)) return false;
  } catch {
    return false;
  }
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
};

// Issue 13, finding 2: `kill -9` of messaging under start:cluster stopped every other part, for good.
describe('the cluster supervisor', () => {
  let supervisor: Supervisor;
  const said: string[] = [];
  const start = () => {
    said.length = 0;
    supervisor = new Supervisor({ cwd: process.cwd(), say: (m) => said.push(m), output: () => {}, backoffMs: 100, maxBackoffMs: 400 });
    return supervisor;
  };
  afterEach(() => supervisor?.stop());

  it('restarts a part that was killed, and leaves the others running', async () => {
    const s = start();
    expect(await s.startAll([await part('messaging'), await part('marketplace')])).toBe(true);
    const before = s.pids();
    process.kill(before.messaging as number, 'SIGKILL');
    await eventually(async () => s.pids().messaging !== before.messaging && alive(s.pids().messaging), 10_000);
    expect(s.pids().marketplace).toBe(before.marketplace);
    expect(alive(before.marketplace)).toBe(true);
    expect(said).toContain('messaging exited (code 1); restarting it in 0.1 s');
  });

  it('waits longer after each quick exit, up to the limit', async () => {
    const s = start();
    // Not awaited: a part that lives 50 ms may never be seen ready (on a loaded machine, seldom is).
    void s.startAll([await part('flaky', { EXIT_AFTER_MS: '50' })]);
    await eventually(async () => said.filter((m) => m.startsWith('flaky exited')).length >= 4, 20_000);
    const delays = said.filter((m) => m.startsWith('flaky exited')).slice(0, 4);
    expect(delays).toEqual([
      'flaky exited (code 1); restarting it in 0.1 s',
      'flaky exited (code 1); restarting it in 0.2 s',
      'flaky exited (code 1); restarting it in 0.4 s',
      'flaky exited (code 1); restarting it in 0.4 s',
    ]);
  });

  it('says when a part exits because another process holds its port', async () => {
    const s = start();
    const spec = await part('identity-1');
    const port = Number(new URL(spec.readyUrl).port);
    const holder = createServer().listen(port, '127.0.0.1');
    try {
      void s.startAll([spec]);
      await eventually(async () => said.some((m) => m.startsWith('identity-1 exited')), 10_000);
      expect(said).toContain(`identity-1 exited (code 1): port ${port} is held by another process; restarting it in 0.1 s`);
    } finally {
      holder.close();
    }
  });

  it('stops everything on a configuration error, which no restart can mend', async () => {
    const s = start();
    const other = await part('other');
    await s.startAll([other, await part('misconfigured', { EXIT_AFTER_MS: '300', EXIT_CODE: '78' })]);
    expect(await s.finished).toBe(78);
    expect(alive(s.pids().other)).toBe(false);
  });
});

/**
 * A part as the kit runs one: an HTTP server stopped by the kit's shutdownOnSignals, draining for
 * 2.5 s as cluster mode's parts do (DRAIN_DELAY_MS), or never finishing its stop with HANG set.
 */
const KIT_PART = `
import { createServer } from 'node:http';
import { createLogger, shutdownOnSignals } from '@commonwork/kit';
const server = createServer((_, res) => res.end('ok')).listen(Number(process.env.PORT), '127.0.0.1');
const drain = () => new Promise((resolve) => setTimeout(resolve, 2_500)).then(() => new Promise((resolve) => server.close(resolve)));
shutdownOnSignals(createLogger('part', 'warn'), [{ name: 'server', stop: () => (process.env.HANG ? new Promise(() => {}) : drain()) }]);
`;

/** A supervisor in a process of its own (to be SIGKILLed): starts the parts given, then prints their pids. */
const SUPERVISOR = `
import { Supervisor } from './deploy/local/supervisor.ts';
const supervisor = new Supervisor({ cwd: process.cwd(), say: () => {}, output: () => {} });
if (!(await supervisor.startAll(JSON.parse(process.env.SPECS)))) process.exit(1);
console.log(JSON.stringify(Object.values(supervisor.pids())));
`;

// Issue 33, item 3: a SIGKILLed start:cluster left 16 parts running, holding the ports of the next start.
describe('parts of a supervisor that is gone', () => {
  it('every part has exited 5 s after a SIGKILL of its supervisor, a draining one and a hanging one too', async () => {
    const kitPart = async (name: string, env: Record<string, string> = {}): Promise<ProcessSpec> => {
      const port = await freePort();
      return {
        name,
        args: ['--import', 'tsx', '--input-type=module', '-e', KIT_PART],
        env: { ...process.env, PORT: String(port), ...env },
        readyUrl: `http://127.0.0.1:${port}/readyz`,
      };
    };
    const specs = [await kitPart('identity-1'), await kitPart('messaging-1'), await kitPart('stuck', { HANG: '1' })];
    const supervisor = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SUPERVISOR], {
      cwd: root,
      env: { ...process.env, SPECS: JSON.stringify(specs) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: supervisor.stdout }).once('line', resolve);
      supervisor.once('exit', (code) => reject(new Error(`the supervisor exited (code ${code}) before its parts were ready`)));
    });
    const pids = JSON.parse(line) as number[];
    expect(pids).toHaveLength(3);
    expect(pids.every(alive)).toBe(true);

    supervisor.kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const survivors = specs.filter((_, i) => alive(pids[i])).map((spec) => spec.name);
    for (const pid of pids.filter(alive)) process.kill(pid, 'SIGKILL');
    expect(survivors).toEqual([]);
  }, 60_000);
});
