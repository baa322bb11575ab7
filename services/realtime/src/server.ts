import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_EVENTS } from '@commonwork/contracts';
import {
  type App,
  createApp,
  DEFAULT_USER_LIMIT,
  type EventBus,
  endConnectionsWhenAnswered,
  type Logger,
  MemoryRateCounter,
  observe,
  type RateCounter,
  RedisRateCounter,
  type Subscription,
  type TokenVerifier,
  USER_LIMIT_WINDOW_MS,
  type UserLimit,
} from '@commonwork/kit';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server, type ServerOptions } from 'socket.io';
import { authenticateHandshake, closeEndedSessions } from './auth.ts';
import { ChangeBatches, MemoryChangeStore, RedisChangeStore } from './broadcasts/changeBatches.ts';
import { ChannelUpdates } from './broadcasts/channelUpdates.ts';
import { startBroadcasts } from './broadcasts/index.ts';
import { placeMessageReader, receiveMessageRuns } from './broadcasts/messageRuns.ts';
import { emitChannelChanges } from './broadcasts/onChannelMessageUpdated.ts';
import { registerHandlers } from './handlers/index.ts';
import { createMessagingClient } from './messagingClient.ts';
import { MemoryOrderedEmitter, type OrderedEmitter, RedisOrderedEmitter } from './ordering.ts';
import { MemoryPresence, PRESENCE_TTL_MS, Presence, type PresenceStore, RedisPresence } from './presence.ts';
import { rooms } from './rooms.ts';
import { coalesceSocketWrites } from './socketWrites.ts';
import type { InterServerEvents, RealtimeServer, SocketData } from './types.ts';

export interface RealtimeOptions {
  bus: EventBus;
  log: Logger;
  verifier: TokenVerifier;
  /** Messaging's base URL, or its replicas'; the realtime tier reads and writes through it with each person's token. */
  messagingUrl: string | readonly string[];
  /** Redis for the adapter, presence and ordering across replicas; unset: one replica, in memory. */
  redisUrl?: string | undefined;
  /** Prefix of this tier's Redis keys and channels; default `commonwork` (tests pass one per run). */
  redisPrefix?: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 picks a free port; default 0. */
  port?: number;
  /**
   * A Socket.IO adapter to use instead of the default (Redis when `redisUrl` is set, else in memory):
   * for tests that run several replicas in one process without Redis.
   */
  adapter?: ServerOptions['adapter'];
  /** A presence store to use instead of the default (Redis, else in memory): tests share one between replicas. */
  presenceStore?: PresenceStore;
  /**
   * Each person's budget per minute, shared with their REST calls (RATE_LIMIT_MAX; default 600),
   * counted in Redis when set, else in `counter` (embedded mode passes the gateway's).
   */
  limit?: { max: number; counter?: RateCounter };
}

export interface RunningRealtime {
  url: string;
  app: App;
  io: RealtimeServer;
  stop: () => Promise<void>;
}

/**
 * A realtime replica: Socket.IO on a kit app's HTTP server (so `/healthz` and `/readyz` exist),
 * authenticated handshakes, the client events of spec 002 §7, presence, and the broadcasts of
 * messaging's domain events through the one durable consumer every replica shares.
 */
export async function startRealtime(options: RealtimeOptions): Promise<RunningRealtime> {
  const log = options.log.child({ service: 'realtime' });
  const prefix = options.redisPrefix ?? 'commonwork';
  const redis = options.redisUrl ? await connectRedis(options.redisUrl, log) : null;

  const app = createApp({
    logger: log,
    readiness: [{ name: 'bus', check: () => options.bus.ping() }, ...(redis ? [{ name: 'redis', check: () => redis.ping() }] : [])],
  });
  const adapter = options.adapter ?? (redis ? createAdapter(redis.pub, redis.sub, { key: `${prefix}:socket.io` }) : undefined);
  const io: RealtimeServer = new Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>(app.server, {
    serveClient: false,
    ...(adapter && { adapter }),
  });
  coalesceSocketWrites(io);

  // This replica's sockets and rooms (a socket's own room left out), counted when scraped.
  const unobserve = [
    observe('sockets', () => [{ value: io.engine.clientsCount, attributes: { service: 'realtime' } }]),
    observe('rooms', () => [{ value: io.of('/').adapter.rooms.size - io.of('/').sockets.size, attributes: { service: 'realtime' } }]),
  ];
  const store: PresenceStore =
    options.presenceStore ?? (redis ? new RedisPresence(redis.pub, prefix, PRESENCE_TTL_MS) : new MemoryPresence());
  const presence = new Presence(store, io, log);
  const ordered: OrderedEmitter = redis
    ? new RedisOrderedEmitter({ pub: redis.pub, sub: redis.sub, wakeups: redis.wakeups, prefix })
    : new MemoryOrderedEmitter();
  const messaging = createMessagingClient([options.messagingUrl].flat());
  const limit: UserLimit = {
    max: options.limit?.max ?? DEFAULT_USER_LIMIT,
    windowMs: USER_LIMIT_WINDOW_MS,
    counter: redis ? new RedisRateCounter(redis.limits, prefix) : (options.limit?.counter ?? new MemoryRateCounter()),
  };
  const channelUpdates = new ChannelUpdates({
    emit: (update) => io.to(rooms.channel(update.channelId)).emit(SOCKET_EVENTS.channelUpdated, update),
    log,
  });
  const channelChanges = new ChangeBatches({
    store: redis ? new RedisChangeStore({ pub: redis.pub, sub: redis.sub, prefix, holder: randomUUID() }) : new MemoryChangeStore(),
    emit: (frame) => emitChannelChanges(io, frame),
    log,
  });

  receiveMessageRuns(io);
  io.use(authenticateHandshake(options.verifier));
  const stopClosingEnded = options.verifier.endedSessions ? closeEndedSessions(io, options.verifier.endedSessions) : () => undefined;
  io.on('connection', (socket) => {
    const { userId, token } = socket.data;
    void socket.join(rooms.user(userId));
    placeMessageReader(socket);
    registerHandlers({ io, messaging, presence, log, limit }, socket);
    const memberChannels = async () => {
      const answer = await messaging.listChannels(token);
      return answer.ok ? answer.data.filter((c) => c.isMember).map((c) => c.id) : [];
    };
    // The disconnect is counted after the connect, whatever order Redis would have answered in.
    const counted = presence
      .connected(userId, memberChannels)
      .catch((error: unknown) => log.warn({ err: error, userId }, 'presence failed'));
    socket.on('disconnect', () => {
      void counted.then(() => presence.disconnected(userId)).catch((error: unknown) => log.warn({ err: error, userId }, 'presence failed'));
    });
  });

  let subscription: Subscription | null = await startBroadcasts(
    options.bus,
    { io, ordered, channelUpdates, channelChanges, presence, log },
    redis ? redis.connected : undefined,
  );
  presence.start();
  const url = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  const adapterName = options.adapter ? 'a custom' : redis ? 'the Redis' : 'the in-memory';
  log.info(`sockets fan out through ${adapterName} adapter`);

  return {
    url,
    app,
    io,
    stop: async () => {
      for (const stop of unobserve) stop();
      stopClosingEnded();
      await subscription?.stop();
      subscription = null;
      channelUpdates.close();
      await channelChanges.close();
      await presence.stop();
      // Closing Socket.IO disconnects every socket and closes the adapter and the HTTP server, whose
      // close waits on every connection: those that owe no answer end at once, as the kit's apps' do.
      const closed = io.close();
      endConnectionsWhenAnswered(app);
      await closed;
      await app.close().catch(() => undefined);
      await redis?.close();
    },
  };
}

async function connectRedis(url: string, log: Logger) {
  const pub = new Redis(url, { maxRetriesPerRequest: 3 });
  const sub = pub.duplicate();
  // The ordering's wake-ups have a subscriber of their own: the adapter's `sub` is the adapter's.
  const wakeups = pub.duplicate();
  // Counting a person's calls never waits for a reconnection: while Redis is down, calls go uncounted.
  const limits = pub.duplicate({ enableOfflineQueue: false });
  const clients = [pub, sub, wakeups, limits];
  for (const client of clients) client.on('error', (error) => log.warn({ err: error }, 'redis error'));
  // The Socket.IO adapter publishes without waiting for the answer: while Redis is down each of its
  // publishes failed as an unhandled rejection, which ended the process. A broadcast lost then is
  // one a client fetches through messaging's cursor when it reconnects.
  const publish = pub.publish.bind(pub) as (channel: string, message: string) => Promise<number>;
  pub.publish = ((channel: string, message: string) => {
    const sent = publish(channel, message);
    sent.catch((error: unknown) => log.debug({ err: error, channel }, 'redis publish failed'));
    return sent;
  }) as typeof pub.publish;
  // Each connection is up before the replica starts (a ping would fail on the one that never queues).
  await Promise.all(clients.map((client) => (client.status === 'ready' ? undefined : once(client, 'ready'))));
  return {
    pub,
    sub,
    wakeups,
    limits,
    /** Whether every connection is up: a replica without one takes no broadcasts (the others do). */
    connected: () => clients.every((client) => client.status === 'ready'),
    /** Answers when every connection is up; fails at once while one is reconnecting (its commands would wait). */
    ping: async () => {
      const down = clients.find((client) => client.status !== 'ready');
      if (down) throw new Error(`redis connection ${down.status}`);
      await pub.ping();
    },
    close: async () => {
      await Promise.allSettled(clients.map((client) => client.quit()));
    },
  };
}
