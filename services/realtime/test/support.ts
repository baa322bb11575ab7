import { randomBytes } from 'node:crypto';
import { createGateway, replicaIndexFor } from '@commonwork/gateway';
import { type App, remoteTokenVerifier } from '@commonwork/kit';
import { eventually, type TestPlatform, testLogger } from '@commonwork/kit/testing';
import { Redis } from 'ioredis';
import { ClusterAdapter, type ClusterMessage, type ClusterResponse } from 'socket.io-adapter';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { type RunningRealtime, startRealtime } from '../src/index.ts';
import { MemoryPresence } from '../src/presence.ts';

/** Every service's URL but realtime's: gateways in these tests put their own replicas in front. */
export const serviceUrls = ({ services: { realtime: _, ...services } }: TestPlatform) =>
  Object.fromEntries(Object.entries(services).map(([name, part]) => [name, part.url]));

/**
 * A gateway listening in front of the test platform's services and the realtime replicas at `replicas`
 * (in the gateway's order), trusting the test as the proxy that names each client's address
 * (`x-forwarded-for`). `rateLimit`: the requests a minute it allows an address, sign-ins included.
 */
export async function gatewayInFront(
  p: TestPlatform,
  replicas: readonly string[],
  { rateLimit = 1_000 }: { rateLimit?: number } = {},
): Promise<{ gateway: App; url: string }> {
  const gateway = await createGateway({
    log: testLogger(),
    verifier: remoteTokenVerifier([p.services.identity.url]),
    services: serviceUrls(p),
    realtime: [...replicas],
    trustedProxies: ['loopback'],
    rateLimit: { max: rateLimit, authMax: rateLimit },
  });
  return { gateway, url: await gateway.listen({ host: '127.0.0.1', port: 0 }) };
}

/** A client address whose hash picks realtime replica `index` of `count` at the gateway. */
export const addressFor = (index: number, count: number) => {
  for (let i = 1; ; i++) if (replicaIndexFor(`10.0.0.${i}`, count) === index) return `10.0.0.${i}`;
};

/** Which fan-out this run tests: Redis (adapter, presence, ordering) when REDIS_URL is set. */
export const redisUrl = process.env.REDIS_URL;

/**
 * Several Socket.IO servers in one process, without Redis: a cluster adapter whose "network" is a
 * set of nodes in memory. Only for the in-memory test runs; with REDIS_URL the real Redis adapter is used.
 */
export function localCluster() {
  const nodes = new Set<LocalNode>();
  class LocalNode extends ClusterAdapter {
    // biome-ignore lint/suspicious/noExplicitAny: socket.io-adapter types the namespace as any
    constructor(nsp: any) {
      super(nsp);
      nodes.add(this);
    }
    protected override async doPublish(message: ClusterMessage) {
      for (const node of nodes) if (node !== this && node.nsp.name === message.nsp) node.onMessage(structuredClone(message));
      return '';
    }
    protected override async doPublishResponse(requesterUid: string, response: ClusterResponse) {
      for (const node of nodes) if (node.uid === requesterUid) node.onResponse(structuredClone(response));
    }
    override close() {
      nodes.delete(this);
    }
  }
  return LocalNode;
}

export interface Replicas {
  a: RunningRealtime;
  b: RunningRealtime;
  stop: () => Promise<void>;
}

/**
 * Two realtime replicas in front of the test platform's messaging, sharing its bus (one durable
 * consumer between them) and, with REDIS_URL (or `redisUrl`), one Redis under a key prefix of this
 * run's own. The platform's embedded replica is stopped first, so the shared consumer is the two
 * replicas' alone.
 */
export async function startReplicas(
  p: TestPlatform,
  options: {
    redisUrl?: string;
    hosts?: [string, string] /** Replica A's own way to the same Redis (a proxy a test can cut). */;
    redisUrlOfA?: string;
  } = {},
): Promise<Replicas> {
  await p.services.realtime.stop();
  const redis = options.redisUrl ?? redisUrl;
  const redisPrefix = `cwtest-${randomBytes(5).toString('hex')}`;
  const adapter = redis ? undefined : localCluster();
  const replicaOptions = {
    bus: p.bus,
    log: testLogger(),
    verifier: remoteTokenVerifier([p.services.identity.url]),
    messagingUrl: p.services.messaging.url,
    redisUrl: redis,
    redisPrefix,
    // Without Redis, the two replicas share what Redis would have shared: the adapter's network and presence.
    ...(adapter && { adapter, presenceStore: new MemoryPresence() }),
  };
  // `hosts`: one port on two addresses, as two pods behind one headless Service.
  const a = await startRealtime({
    ...replicaOptions,
    ...(options.hosts && { host: options.hosts[0] }),
    ...(options.redisUrlOfA && { redisUrl: options.redisUrlOfA }),
  });
  const b = await startRealtime({ ...replicaOptions, ...(options.hosts && { host: options.hosts[1], port: Number(new URL(a.url).port) }) });
  return {
    a,
    b,
    stop: async () => {
      await a.stop();
      await b.stop();
      if (redis) await deleteKeys(redis, redisPrefix);
    },
  };
}

async function deleteKeys(url: string, prefix: string) {
  const redis = new Redis(url);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
}

/** A socket.io-client connected to a replica (or the gateway), recording every event it receives. */
export interface Client {
  socket: Socket;
  /** Payloads received for one event, in arrival order. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary payloads
  received: (event: string) => any[];
  /** Resolves with the first payload of `event` (after `from` earlier ones) that `match` accepts. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary payloads
  next: (event: string, match?: (payload: any) => boolean) => Promise<any>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary payloads
  call: (event: string, payload?: unknown) => Promise<any>;
  close: () => void;
}

export async function connect(
  url: string,
  token: string | undefined,
  options: { extraHeaders?: Record<string, string>; websocketOnly?: boolean } = {},
) {
  const socket = connectSocket(url, {
    forceNew: true,
    reconnection: false,
    ...(token !== undefined && { auth: { token } }),
    ...(options.websocketOnly !== false && { transports: ['websocket'] }),
    ...(options.extraHeaders && { extraHeaders: options.extraHeaders }),
  });
  const log: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => log.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
  const received = (event: string) => log.filter((e) => e.event === event).map((e) => e.payload);
  const client: Client = {
    socket,
    received,
    next: (event, match = () => true) => eventually(async () => received(event).find(match), 10_000),
    call: (event, payload) =>
      payload === undefined ? socket.timeout(10_000).emitWithAck(event) : socket.timeout(10_000).emitWithAck(event, payload),
    close: () => socket.close(),
  };
  return client;
}

/** The reason a handshake was refused (the `connect_error`), or null when it was accepted. */
export async function refusal(url: string, token: string | undefined) {
  try {
    (await connect(url, token)).close();
    return null;
  } catch (error) {
    return error as Error & { data?: { code: string; reason: string } };
  }
}

/** Lets in-flight deliveries land, so a test can assert that nothing more arrives. */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));
