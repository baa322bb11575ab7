import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { testLogger } from '../testing/index.ts';
import { type App, createApp } from './app.ts';
import { drainAndClose } from './drain.ts';

let app: App;
afterEach(() => app?.close());

/** An app whose one dependency answers while `up.value` is true. */
async function start(up = { value: true }) {
  let checks = 0;
  app = createApp({
    logger: testLogger(),
    readiness: [
      {
        name: 'database',
        check: async () => {
          checks++;
          if (!up.value) throw new Error('down');
        },
      },
    ],
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const ask = async (path: string) => {
    const res = await fetch(`${base}${path}`);
    return { status: res.status, body: (await res.json()) as { status: string }, at: performance.now() };
  };
  return { ask, up, checks: () => checks };
}

describe('/readyz watched (ready=…&wait=…)', () => {
  it('answers at once when readiness is not what the caller last saw', async () => {
    const { ask } = await start();
    const started = performance.now();
    expect(await ask('/readyz?ready=0&wait=10000')).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('holds the ask while nothing changes, and answers unchanged after `wait`, checking nothing more', async () => {
    const { ask, checks } = await start();
    await ask('/readyz');
    const before = checks();
    const started = performance.now();
    const answer = await ask('/readyz?ready=1&wait=600');
    expect(answer).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect(answer.at - started).toBeGreaterThanOrEqual(550);
    expect(checks()).toBe(before);
  });

  it('answers a held ask with "draining" as soon as the drain starts', async () => {
    const { ask } = await start();
    await ask('/readyz');
    const held = ask('/readyz?ready=1&wait=10000');
    await sleep(200);
    const drainedAt = performance.now();
    const closed = drainAndClose(app, 300);
    const answer = await held;
    expect(answer).toMatchObject({ status: 503, body: { status: 'draining' } });
    expect(answer.at - drainedAt).toBeLessThan(250);
    await closed;
  });

  it('answers a held ask with "not ready" once a check finds a dependency down', async () => {
    const { ask, up } = await start();
    await ask('/readyz');
    const held = ask('/readyz?ready=1&wait=10000');
    await sleep(200);
    up.value = false;
    // A direct ask (a Kubernetes probe) checks now; without one the held ask's own recheck finds it.
    expect(await ask('/readyz')).toMatchObject({ status: 503, body: { status: 'not ready' } });
    expect(await held).toMatchObject({ status: 503, body: { status: 'not ready' } });
  });

  it('rechecks on its own while an ask is held', async () => {
    const { ask, up } = await start();
    await ask('/readyz');
    const started = performance.now();
    const held = ask('/readyz?ready=1&wait=20000');
    await sleep(200);
    up.value = false;
    const answer = await held;
    expect(answer).toMatchObject({ status: 503, body: { status: 'not ready' } });
    expect(answer.at - started).toBeLessThan(8_000);
  }, 15_000);
});
