// A realtime replica for the bench, with the probes the bench reads: when the replica hands each
// `new-message` of the run to its adapter, its event-loop utilisation, and the adapter-only pings.
// With NATS, each replica runs in a worker thread of its own with its own NATS and Redis
// connections (its own event loop, as a replica process has in cluster mode); with the in-process
// bus it must share the main thread, since that bus cannot cross threads.
import { workerData } from 'node:worker_threads';
import { ChannelMessagePosted, SOCKET_EVENTS } from '@commonwork/contracts';
import { type BusMessage, createLogger, type EventBus, NatsBus, remoteTokenVerifier } from '@commonwork/kit';
import { type RunningRealtime, startRealtime } from '@commonwork/realtime';
import type { Server } from 'socket.io';
import { PAD, PING_EVENT, type PingPayload } from './protocol.ts';
import { atFixedRate, hrNow } from './stats.ts';
import { loopMeter, serveThread, startBenchThread, threadKind } from './thread.ts';

export interface ReplicaSettings {
  identityUrl: string;
  messagingUrl: string;
  redisUrl: string;
  redisPrefix: string;
  /** Only `new-message`s whose clientId starts with this are timed. */
  clientIdPrefix: string;
}

export interface MessageTimings {
  handling?: number;
  emitted?: number;
}

export interface PingRun {
  room: string;
  tag: string;
  count: number;
  rate: number;
}

/** What the bench asks of a replica, wherever it runs. */
export interface Replica {
  url: string;
  layout: 'thread' | 'main thread';
  /** Emits `count` pings to `room` at `rate` (the adapter-only path); resolves with the elapsed ms. */
  pings(run: PingRun): Promise<number>;
  /** Starts measuring the event-loop utilisation. */
  eluBegin(): Promise<void>;
  /** The utilisation since `eluBegin` (1 = never idle). */
  eluEnd(): Promise<number>;
  /**
   * Per timed message, by clientId: when this replica's shared consumer began handling its event,
   * and when it handed the `new-message` to its adapter (bench clock); only the replica that
   * handled a message has it.
   */
  timings(): Promise<[string, MessageTimings][]>;
  stop(): Promise<void>;
}

/**
 * The bus as a replica sees it, timing when its shared consumer begins handling each timed
 * `channel.message_posted` event (before the ordering gate and the emits).
 */
function timedBus(bus: EventBus, clientIdPrefix: string, timings: Map<string, MessageTimings>): EventBus {
  const time = (message: BusMessage) => {
    if (message.envelope.type !== ChannelMessagePosted.type) return;
    const clientId = (message.envelope.data as { message?: { clientId?: string | null } }).message?.clientId;
    if (!clientId?.startsWith(clientIdPrefix)) return;
    const t = timings.get(clientId) ?? {};
    t.handling ??= hrNow();
    timings.set(clientId, t);
  };
  return {
    ensureStream: (stream, subjects) => bus.ensureStream(stream, subjects),
    publish: (envelope) => bus.publish(envelope),
    consume: ({ handleBatch, ...spec }) =>
      bus.consume({
        ...spec,
        handle: (message) => {
          time(message);
          return spec.handle(message);
        },
        // A batch's messages are handled together: each is timed as the batch begins.
        ...(handleBatch && {
          handleBatch: (messages: BusMessage[]) => {
            for (const message of messages) time(message);
            return handleBatch(messages);
          },
        }),
      }),
    ping: () => bus.ping(),
    close: () => bus.close(),
  };
}

/** The parts of a replica either layout shares: the probes around a started realtime replica. */
function probe(realtime: RunningRealtime, clientIdPrefix: string, timings: Map<string, MessageTimings>) {
  const adapter = realtime.io.of('/').adapter;
  const broadcast = adapter.broadcast.bind(adapter);
  // Local emits only: what arrives from the other replica through Redis is broadcast by the
  // adapter's own `super.broadcast`, which this does not see.
  adapter.broadcast = (packet, opts) => {
    const [event, payload] = (packet as { data?: [string, { clientId?: string | null }?] }).data ?? [];
    const clientId = payload?.clientId;
    if (event === SOCKET_EVENTS.newMessage && clientId?.startsWith(clientIdPrefix)) {
      const t = timings.get(clientId) ?? {};
      t.emitted ??= hrNow();
      timings.set(clientId, t);
    }
    broadcast(packet, opts);
  };
  // A run of several messages leaves its replica as one message to the others (messageRuns.ts): it
  // is handed over there, as a lone message is in the adapter's broadcast above.
  const serverSideEmit = realtime.io.serverSideEmit.bind(realtime.io);
  realtime.io.serverSideEmit = ((event: string, ...args: unknown[]) => {
    const run = args[0] as { messages?: { clientId?: string | null }[] } | undefined;
    if (event === 'message-run')
      for (const { clientId } of run?.messages ?? [])
        if (clientId?.startsWith(clientIdPrefix)) {
          const t = timings.get(clientId) ?? {};
          t.emitted ??= hrNow();
          timings.set(clientId, t);
        }
    return (serverSideEmit as (...a: unknown[]) => boolean)(event, ...args);
  }) as typeof realtime.io.serverSideEmit;
  // The ping is the bench's own event, outside the app's socket protocol: the untyped server emits it.
  const untyped: Server = realtime.io;
  return {
    pings: async ({ room, tag, count, rate }: PingRun) => {
      const started = hrNow();
      await atFixedRate(count, rate, (index) => {
        const ping: PingPayload = { tag, index, sentAt: hrNow(), pad: PAD };
        untyped.to(room).emit(PING_EVENT, ping);
      });
      return hrNow() - started;
    },
    ...loopMeter(),
    timings: async () => [...timings],
  };
}

/** The bench's one sender sends hundreds a second: the per-person budget (shared with REST since issue 13) is not what is measured. */
const BENCH_LIMIT = { max: 100_000_000 };

/** A replica in the main thread, on the caller's bus (the in-process bus's only option). */
export async function startInlineReplica(settings: ReplicaSettings, bus: EventBus): Promise<Replica> {
  const timings = new Map<string, MessageTimings>();
  const realtime = await startRealtime({
    bus: timedBus(bus, settings.clientIdPrefix, timings),
    log: createLogger('bench', 'silent'),
    verifier: remoteTokenVerifier([settings.identityUrl]),
    messagingUrl: settings.messagingUrl,
    redisUrl: settings.redisUrl,
    redisPrefix: settings.redisPrefix,
    limit: BENCH_LIMIT,
  });
  return { url: realtime.url, layout: 'main thread', ...probe(realtime, settings.clientIdPrefix, timings), stop: () => realtime.stop() };
}

interface ThreadData extends ReplicaSettings {
  kind: 'realtime-replica';
  natsUrl: string;
  natsNamespace: string;
}

type Command = 'pings' | 'eluBegin' | 'eluEnd' | 'timings' | 'stop';

/** A replica in a worker thread of its own, with its own NATS connection in the run's namespace. */
export async function startThreadReplica(settings: ReplicaSettings, nats: { url: string; namespace: string }): Promise<Replica> {
  const data: ThreadData = { ...settings, kind: 'realtime-replica', natsUrl: nats.url, natsNamespace: nats.namespace };
  const thread = startBenchThread(import.meta.url, data);
  const call = <T>(command: Command | 'start', args: unknown, timeoutMs: number) => thread.call<T>(command, args, timeoutMs);
  let url: string;
  try {
    url = await call<string>('start', undefined, 60_000);
  } catch (error) {
    await thread.terminate();
    throw error;
  }
  return {
    url,
    layout: 'thread',
    pings: (run) => call('pings', run, (run.count / run.rate) * 1000 + 30_000),
    eluBegin: () => call('eluBegin', undefined, 10_000),
    eluEnd: () => call('eluEnd', undefined, 10_000),
    timings: () => call('timings', undefined, 10_000),
    stop: async () => {
      await call('stop', undefined, 30_000).catch(() => undefined);
      await thread.terminate();
    },
  };
}

if (threadKind() === 'realtime-replica') {
  const settings = workerData as ThreadData;
  const log = createLogger('bench', 'silent');
  let bus: NatsBus | undefined;
  let realtime: RunningRealtime | undefined;
  let probes: ReturnType<typeof probe> | undefined;
  const timings = new Map<string, MessageTimings>();
  serveThread({
    start: async () => {
      bus = await NatsBus.connect({ url: settings.natsUrl, log, namespace: settings.natsNamespace, ackWaitMs: 2_000 });
      realtime = await startRealtime({
        bus: timedBus(bus, settings.clientIdPrefix, timings),
        log,
        verifier: remoteTokenVerifier([settings.identityUrl]),
        messagingUrl: settings.messagingUrl,
        redisUrl: settings.redisUrl,
        redisPrefix: settings.redisPrefix,
        limit: BENCH_LIMIT,
      });
      probes = probe(realtime, settings.clientIdPrefix, timings);
      return realtime.url;
    },
    pings: (run: PingRun) => (probes as NonNullable<typeof probes>).pings(run),
    eluBegin: () => (probes as NonNullable<typeof probes>).eluBegin(),
    eluEnd: () => (probes as NonNullable<typeof probes>).eluEnd(),
    timings: () => (probes as NonNullable<typeof probes>).timings(),
    stop: async () => {
      await realtime?.stop();
      await bus?.close();
    },
  });
}
