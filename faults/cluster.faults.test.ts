import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { identityRoutes, marketplaceRoutes, messagingRoutes } from '@commonwork/contracts';
import { eventually, missing } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultCluster, startFaultCluster } from './cluster.ts';
import { caller, Ledger, listen, type Person, signIn, startLoad } from './load.ts';
import { type LinkName, namespacesAvailable } from './network.ts';

/** Failed requests allowed while every service is restarted in turn (issue 13). */
const ROLLING_RESTART_BUDGET = 0.025 / 100;
const LOG = process.env.FAULTS_LOG ?? '/tmp/commonwork-faults.log';
const log = (message: string) => appendFileSync(LOG, `${new Date().toISOString()} ${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Network faults need network namespaces (root with iproute2, as on CI); elsewhere those phases are skipped. */
const NETWORK = namespacesAvailable();
/** Each partition: a replica, the link cut, the readiness check that must say so, and for how long. */
const PARTITIONS: { part: string; link: LinkName; check: string; dependency: string; ms: number }[] = [
  { part: 'messaging-2', link: 'nats', check: 'bus', dependency: 'NATS', ms: 30_000 },
  { part: 'realtime-2', link: 'redis', check: 'redis', dependency: 'Redis', ms: 20_000 },
  { part: 'marketplace-2', link: 'database', check: 'database', dependency: 'PostgreSQL', ms: 20_000 },
];
/** The slow link: 200 ms ± 50 ms on every answer PostgreSQL sends this replica, for this long. */
const SLOW = { part: 'marketplace-2', meanMs: 200, jitterMs: 50, ms: 20_000 };

// Cluster mode under steady load while its parts are stopped, killed and restarted: nothing
// acknowledged may be lost or doubled, every read model catches up, every socket's messages are
// complete through the cursor, a rolling restart fails (almost) nothing and a kill -9 nothing.
describe.skipIf(missing('postgres') || missing('nats-server binary') || missing('redis-server binary'))('cluster mode under faults', () => {
  let cluster: FaultCluster;
  let api: ReturnType<typeof caller>;
  let ada: Person;
  let bob: Person;
  let channelId: string;
  const ledger = new Ledger();
  let stopLoad: () => Promise<void>;
  let bobSocket: ReturnType<typeof listen>;

  /** Stops parts with `signal`, all at once, and waits until the supervisor has each running and ready again. */
  const restart = async (names: string[], signal: NodeJS.Signals) => {
    const before = cluster.supervisor.pids();
    for (const name of names) {
      const pid = before[name];
      if (pid === undefined) throw new Error(`no part ${name}`);
      process.kill(pid, signal);
    }
    await eventually(async () => names.every((name) => cluster.supervisor.pids()[name] !== before[name]), 30_000);
    await cluster.ready();
  };

  beforeAll(async () => {
    log('starting the cluster');
    cluster = await startFaultCluster(log, { isolated: NETWORK ? [...new Set([...PARTITIONS.map((p) => p.part), SLOW.part])] : [] });
    api = caller(cluster.url);
    [ada, bob] = [await signIn(api, 'Ada'), await signIn(api, 'Bob')];
    const created = await api.call(messagingRoutes.createChannel, { token: ada.token, body: { name: 'faults', type: 'private' } });
    channelId = created.data.id;
    const link = await api.call(messagingRoutes.joinLink, { params: { id: channelId }, token: ada.token });
    expect((await api.send(messagingRoutes.joinByLink, { params: { joinLink: link.data.joinLink }, token: bob.token })).status).toBe(200);
    bobSocket = listen(cluster.url, bob);
    stopLoad = startLoad(api, ada, channelId, ledger);
    await sleep(3_000);
  }, 180_000);
  afterAll(async () => {
    await stopLoad?.();
    bobSocket?.close();
    await cluster?.stop();
  }, 120_000);

  // As a deployment rolls every service's replicas side by side: the first replica of each at once,
  // then, once they are all ready again, the second of each; every service keeps one serving throughout.
  // Two rounds: one round is over in about 50 s, too few requests (under 1,000) to hold to 0.025 %.
  it('fails at most 0.025 % of requests while every service and realtime replica is restarted, one replica of each at a time, twice', async () => {
    const window = ledger.mark();
    const services = cluster.parts.filter((p) => p.name !== 'gateway').map((p) => p.name);
    const replicas = [...new Set(services.map((name) => name.replace(/^.*-/, '')))];
    for (const round of [1, 2])
      for (const replica of replicas) {
        const wave = services.filter((name) => name.endsWith(`-${replica}`));
        await restart(wave, 'SIGTERM');
        log(`round ${round}: rolled ${wave.join(', ')}`);
      }
    const { ok, failed } = window();
    const rate = failed.length / (ok + failed.length);
    log(`rolling restart: ${ok + failed.length} requests, ${failed.length} failed (${(rate * 100).toFixed(4)} %)\n${failed.join('\n')}`);
    console.log(`rolling restart: ${ok + failed.length} requests, ${failed.length} failed (${(rate * 100).toFixed(4)} %)`);
    expect(ok).toBeGreaterThan(1_000);
    expect(rate).toBeLessThanOrEqual(ROLLING_RESTART_BUDGET);
  }, 600_000);

  it('survives kill -9 of one replica of each service, then of NATS and of Redis', async () => {
    const window = ledger.mark();
    for (const part of cluster.parts.filter((p) => p.name.endsWith('-1'))) {
      await restart([part.name], 'SIGKILL');
      log(`killed and restarted ${part.name}`);
    }
    // While one is down, a part that needs it says so on /readyz (and keeps serving what it can).
    const dependents = [
      { server: cluster.nats, part: 'marketplace-1', check: 'bus' },
      { server: cluster.redis, part: 'realtime-1', check: 'redis' },
    ];
    for (const { server, part, check } of dependents) {
      await server.kill();
      const port = cluster.parts.find((p) => p.name === part)?.port;
      await eventually(async () => {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
        return res?.status === 503 && ((await res.json()) as { checks: Record<string, string> }).checks[check] === 'down';
      }, 10_000);
      await sleep(1_000);
      server.start();
      await cluster.ready();
      log(`killed and restarted ${check === 'bus' ? 'NATS' : 'Redis'}`);
    }
    await sleep(3_000);
    const { ok, failed } = window();
    log(`kill -9: ${ok + failed.length} requests, ${failed.length} failed\n${failed.join('\n')}`);
    console.log(`kill -9 of each service, NATS and Redis: ${ok + failed.length} requests, ${failed.length} failed`);
    expect(ok).toBeGreaterThan(500);
    // A write in flight on a killed replica is sent to another with its Idempotency-Key: none fails.
    expect(failed).toEqual([]);
  }, 600_000);

  it.skipIf(!NETWORK)(
    'routes around a replica cut from NATS, Redis or PostgreSQL, and serves through a slow PostgreSQL link',
    async () => {
      const network = cluster.network;
      if (!network) throw new Error('the cluster has no test hosts');
      /** Calls through the gateway of the kind the cut replica serves: each must be answered, 2xx, within 3 s (on the cut replica it would hang). */
      const served: Record<string, () => Promise<boolean>> = {
        'messaging-2': async () =>
          (await api.send(messagingRoutes.channelMessages, { params: { id: channelId }, query: { limit: 5 }, token: ada.token })).status ===
          200,
        'marketplace-2': async () => (await api.send(marketplaceRoutes.listGigs, { query: { limit: 5 }, token: ada.token })).status === 200,
        // A new socket through the gateway connects (the gateway sends it to a ready replica:
        // services/realtime/test/gatewayReadiness.int.test.ts). Whether a message posted then reaches
        // it live is counted, not required: the replica cut from Redis still takes its share of the
        // shared consumer's events, and those reach sockets late or through the cursor.
        'realtime-2': async () => {
          const socket = listen(cluster.url, bob);
          try {
            await eventually(async () => socket.connected(), 2_000);
            await sleep(200);
            const posted = await api.call(messagingRoutes.postChannelMessage, {
              params: { id: channelId },
              token: ada.token,
              body: { content: 'while realtime-2 is cut from Redis', type: 'text', clientId: randomUUID() },
            });
            ledger.messageIds.add(posted.data.id);
            const got = await eventually(async () => socket.received.some((m) => m.id === posted.data.id), 1_000).then(
              () => true,
              () => false,
            );
            if (got) live += 1;
            return true;
          } finally {
            socket.close();
          }
        },
      };
      let live = 0;
      const within = (ms: number, call: () => Promise<boolean>) => Promise.race([call().catch(() => false), sleep(ms).then(() => false)]);
      const readiness = async (part: string) => {
        const res = await fetch(cluster.readyUrls[part] as string, { signal: AbortSignal.timeout(2_000) }).catch(() => null);
        return {
          status: res?.status ?? 0,
          checks: ((await res?.json().catch(() => null)) as { checks?: Record<string, string> } | null)?.checks ?? {},
        };
      };
      const figures: string[] = [];

      for (const { part, link, check, dependency, ms } of PARTITIONS) {
        const window = ledger.mark();
        const cutAt = Date.now();
        const during = await network.hosts[part]?.cut(link, ms, async () => {
          // Readiness names the dependency that is down.
          await eventually(async () => {
            const { status, checks } = await readiness(part);
            return status === 503 && checks[check] === 'down';
          }, 10_000);
          const noticed = Date.now() - cutAt;
          // The gateway's next probe takes the replica out: from then on every call is answered elsewhere.
          await sleep(2_000);
          const answers = [];
          for (let i = 0; i < 10; i++) answers.push(await within(3_000, served[part] as () => Promise<boolean>));
          return { noticed, answered: answers.filter(Boolean).length };
        });
        await cluster.ready();
        const back = Date.now() - cutAt - ms;
        const { ok, failed } = window();
        const sent = part === 'realtime-2' ? ` (${live}/10 got a message posted then live within 1 s)` : '';
        const figure = `${part} cut from ${dependency} for ${ms / 1000} s: readiness said ${check} down after ${((during?.noticed ?? 0) / 1000).toFixed(1)} s, ${during?.answered}/10 calls through the gateway answered within 3 s${sent}, ready again ${(back / 1000).toFixed(1)} s after the link came back; load ${ok + failed.length} requests, ${failed.length} failed`;
        log(`${figure}\n${failed.join('\n')}`);
        figures.push(figure);
        expect(during?.answered).toBe(10);
      }

      // The slow link: marketplace-2 stays ready and keeps serving, each of its answers late by the delay.
      const window = ledger.mark();
      const direct = caller(new URL(cluster.readyUrls[SLOW.part] as string).origin);
      const timed = async () => {
        const started = performance.now();
        const res = await direct.send(marketplaceRoutes.listGigs, { query: { limit: 5 }, token: ada.token });
        expect(res.status).toBe(200);
        return performance.now() - started;
      };
      const before = await timed();
      network.slowDatabase(SLOW.part, () => SLOW.meanMs - SLOW.jitterMs + Math.random() * 2 * SLOW.jitterMs);
      const slowUntil = Date.now() + SLOW.ms;
      const times: number[] = [];
      const states: number[] = [];
      try {
        while (Date.now() < slowUntil) {
          times.push(await timed());
          states.push((await readiness(SLOW.part)).status);
          await sleep(500);
        }
      } finally {
        network.slowDatabase(SLOW.part, null);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)] ?? 0;
      const { ok, failed } = window();
      const figure = `${SLOW.part} with ${SLOW.meanMs} ms ± ${SLOW.jitterMs} ms on its PostgreSQL link for ${SLOW.ms / 1000} s: a gig list took ${before.toFixed(0)} ms before, median ${median.toFixed(0)} ms (${times.length} calls) during, readiness ${states.filter((s) => s === 200).length}/${states.length} ready; load ${ok + failed.length} requests, ${failed.length} failed`;
      log(`${figure}\n${failed.join('\n')}`);
      figures.push(figure);
      console.log(figures.join('\n'));
      expect(median).toBeGreaterThanOrEqual(SLOW.meanMs - SLOW.jitterMs);
      expect(states.every((s) => s === 200)).toBe(true);
    },
    600_000,
  );

  it('lost and doubled nothing acknowledged, and every read model caught up', async () => {
    await stopLoad();
    // Gigs: each acknowledged one listed once, by marketplace's read model.
    const titles: string[] = [];
    for (let page = 1; ; page++) {
      const res = await api.call(marketplaceRoutes.listGigs, { query: { mine: 'true', limit: 100, page }, token: ada.token });
      titles.push(...res.gigs.map((g) => g.title));
      if (page >= res.pagination.totalPages) break;
    }
    expect(new Set(titles).size).toBe(titles.length);
    expect([...ledger.gigTitles].filter((title) => !titles.includes(title))).toEqual([]);

    // Messages: each acknowledged one stored once, in an unbroken sequence.
    const messages: { id: string; sequence: number }[] = [];
    for (let after = 0; ; ) {
      const res = await api.call(messagingRoutes.channelMessages, {
        params: { id: channelId },
        query: { after, limit: 100 },
        token: ada.token,
      });
      messages.push(...res.data.messages);
      if (!res.data.hasMore) break;
      after = messages.at(-1)?.sequence ?? after;
    }
    const ids = messages.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ledger.messageIds].filter((id) => !ids.includes(id))).toEqual([]);
    expect(messages.map((m) => m.sequence)).toEqual(messages.map((_, i) => (messages[0]?.sequence ?? 0) + i));

    // Identity's statistics, fed over NATS by marketplace and messaging, count each exactly once.
    await eventually(async () => {
      const stats = await api.send(identityRoutes.userStats, { params: { id: ada.id }, token: ada.token });
      return stats.body?.stats?.activeGigs === titles.length && stats.body.stats.messages === messages.length;
    }, 60_000).catch(async () => {
      const stats = await api.send(identityRoutes.userStats, { params: { id: ada.id }, token: ada.token });
      expect(stats.body.stats).toMatchObject({ activeGigs: titles.length, messages: messages.length });
    });

    // Bob's socket: what it was sent live, plus what the cursor gives after its last unbroken
    // sequence, is every message, each once.
    await sleep(2_000);
    const live = bobSocket.received;
    expect(new Set(live.map((m) => m.id)).size).toBe(live.length);
    const seen = new Set(live.map((m) => m.id));
    const missed = messages.filter((m) => !seen.has(m.id));
    log(`socket: ${live.length} live, ${missed.length} through the cursor`);
    for (let after = (missed[0]?.sequence ?? 1) - 1; missed.length > 0; ) {
      const page = await api.call(messagingRoutes.channelMessages, {
        params: { id: channelId },
        query: { after, limit: 100 },
        token: bob.token,
      });
      for (const m of page.data.messages) {
        seen.add(m.id);
        after = m.sequence;
      }
      if (!page.data.hasMore) break;
    }
    expect(ids.filter((id) => !seen.has(id))).toEqual([]);
  }, 180_000);
});
