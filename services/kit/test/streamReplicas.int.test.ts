import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, describe, expect, it } from 'vitest';
import { NatsBus } from '../src/index.ts';
import { eventually, freePort, missing, type OwnServer, startOwnServer, testLogger } from '../src/testing/index.ts';
import { natsServerBinary } from '../src/testing/servers.ts';

const envelope = (type: string) => ({
  id: randomUUID(),
  type,
  streamId: 's-1',
  version: 1,
  occurredAt: new Date().toISOString(),
  data: {},
  metadata: { actorId: null, correlationId: 'c', causationId: null },
});

async function streamInfo(url: string, name: string) {
  const nc = await connect({ servers: url });
  try {
    return await (await jetstreamManager(nc)).streams.info(name);
  } finally {
    await nc.close();
  }
}

/** Three nats-server processes in one JetStream cluster, as deploy/k8s/infra runs NATS. */
async function startCluster() {
  const dir = mkdtempSync(join(tmpdir(), 'nats-cluster-'));
  const nodes = await Promise.all([0, 1, 2].map(async (i) => ({ i, client: await freePort(), route: await freePort() })));
  const routes = nodes.map((n) => `nats://127.0.0.1:${n.route}`).join(', ');
  const children: ChildProcess[] = nodes.map(({ i, client, route }) => {
    const file = join(dir, `n${i}.conf`);
    writeFileSync(
      file,
      `server_name: n${i}\nlisten: 127.0.0.1:${client}\njetstream { store_dir: ${join(dir, `d${i}`)} }\n` +
        `cluster { name: replicas, listen: 127.0.0.1:${route}, routes: [${routes}] }\n`,
    );
    return spawn(natsServerBinary, ['-c', file], { stdio: 'ignore' });
  });
  return {
    url: nodes.map((n) => `nats://127.0.0.1:${n.client}`).join(','),
    stop: async () => {
      await Promise.all(
        children.map((child) =>
          child.exitCode !== null || child.signalCode !== null
            ? undefined
            : new Promise((resolve) => child.once('exit', resolve).kill('SIGKILL')),
        ),
      );
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.skipIf(missing('nats-server binary'))('JetStream stream replicas (NATS_STREAM_REPLICAS)', () => {
  const log = testLogger();
  let single: OwnServer | undefined;
  let cluster: Awaited<ReturnType<typeof startCluster>> | undefined;
  const buses: NatsBus[] = [];
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    await single?.kill();
    await cluster?.stop();
  });

  it('keeps streams on one node by default; a server outside a cluster refuses to make one on three', async () => {
    single = await startOwnServer('nats');
    const url = single.url;
    const bus = await eventually(() => NatsBus.connect({ url, log }).catch(() => null));
    buses.push(bus);
    await bus.ensureStream('ONE', ['one.>']);
    expect((await streamInfo(url, 'ONE')).config.num_replicas).toBe(1);

    // deploy/k8s's 3 against a lone server: the start fails in JetStream's words, nothing is made.
    const three = await NatsBus.connect({ url, log, replicas: 3 });
    buses.push(three);
    await expect(three.ensureStream('THREE', ['three.>'])).rejects.toThrow(/replicas > 1 not supported in non-clustered mode/);
    await expect(streamInfo(url, 'THREE')).rejects.toThrow(/stream not found/);
  });

  it('on a three-node cluster brings a stream made with one replica to three, its events kept', async () => {
    cluster = await startCluster();
    const url = cluster.url;
    // The cluster elects its metadata leader first: until then JetStream answers no request.
    const before = await eventually(() => NatsBus.connect({ url, log }).catch(() => null), 20_000);
    buses.push(before);
    await before.ensureStream('ORDERS', ['orders.>']);
    await before.publish(envelope('orders.order.placed'));
    expect((await streamInfo(url, 'ORDERS')).config.num_replicas).toBe(1);

    // Leader elected, the other two nodes may not yet count as peers a stream can be placed on: the
    // connection (it makes the dead-letter stream) and the update are tried again while JetStream says so.
    const placed = <T>(attempt: () => Promise<T>) =>
      eventually(() => attempt().catch((error) => (/no suitable peers/.test(String(error)) ? null : Promise.reject(error))), 20_000);
    const after = await placed(() => NatsBus.connect({ url, log, replicas: 3 }));
    buses.push(after);
    await placed(() => after.ensureStream('ORDERS', ['orders.>']).then(() => true));
    const info = await streamInfo(url, 'ORDERS');
    expect(info.config.num_replicas).toBe(3);
    expect(info.config.subjects).toEqual(['orders.>']);
    expect(info.state.messages).toBe(1);
    // Both other nodes hold it too (they catch up on their own once added).
    await eventually(async () => (await streamInfo(url, 'ORDERS')).cluster?.replicas?.length === 2);

    // A stream created with the setting is made on three nodes at once; the dead-letter stream too.
    await after.ensureStream('FRESH', ['fresh.>']);
    expect((await streamInfo(url, 'FRESH')).config.num_replicas).toBe(3);
    expect((await streamInfo(url, 'DEADLETTER')).config.num_replicas).toBe(3);
  }, 40_000);
});
