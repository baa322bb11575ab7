import { eventually, freePort } from '@commonwork/kit/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type ProcessSpec, Supervisor } from './supervisor.ts';

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

const alive = (pid: number | undefined) => {
  try {
    return pid !== undefined && process.kill(pid, 0);
  } catch {
    return false;
  }
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
    await s.startAll([await part('flaky', { EXIT_AFTER_MS: '50' })]);
    await eventually(async () => said.filter((m) => m.startsWith('flaky exited')).length >= 4, 15_000);
    const delays = said.filter((m) => m.startsWith('flaky exited')).slice(0, 4);
    expect(delays).toEqual([
      'flaky exited (code 1); restarting it in 0.1 s',
      'flaky exited (code 1); restarting it in 0.2 s',
      'flaky exited (code 1); restarting it in 0.4 s',
      'flaky exited (code 1); restarting it in 0.4 s',
    ]);
  });

  it('stops everything on a configuration error, which no restart can mend', async () => {
    const s = start();
    const other = await part('other');
    await s.startAll([other, await part('misconfigured', { EXIT_AFTER_MS: '300', EXIT_CODE: '78' })]);
    expect(await s.finished).toBe(78);
    expect(alive(s.pids().other)).toBe(false);
  });
});
