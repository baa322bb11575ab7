// The socket swarms of the realtime bench, each in a process of its own: they hold the client sockets
// (and the Redis floor's two clients), so decoding thousands of frames a second shares neither an
// event loop nor a process with the replicas it measures, and the server's CPU is read apart from theirs. The bench runs two: a load swarm (the sender and most
// sockets) and a small measuring swarm (a sample of replica B's sockets), so that the measured
// receipts do not wait behind the load swarm decoding every other socket's frames. The main thread
// drives them with a few commands and gets summaries back. Loopback only: 127.0.0.1 URLs.
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { restClient } from '../rest.ts';
import { commandCaller } from './commands.ts';
import { PAD, PING_EVENT, type PingPayload, type Side } from './protocol.ts';
import { type Reacted, reactAtRate } from './reactions.ts';
import { atFixedRate, hrNow, type Summary, sleep, summarize } from './stats.ts';

export interface SwarmOptions {
  kind: 'realtime-swarm';
  name: string;
  urls: Record<Side, string>;
  channelId: string;
  /** The load swarm's sender, a socket on replica A; the measuring swarm has none. */
  senderToken?: string;
  /** One entry per receiving socket: whose token, on which replica. */
  sockets: { token: string; replica: Side }[];
  redisUrl: string;
  connectConcurrency: number;
}

/** What `react` sends: the gateway to send through, and `reactAtRate`'s arguments but the API and channel. */
export interface ReactArgs {
  gatewayUrl: string;
  messageIds: string[];
  tokens: string[];
  rate: number;
  count: number;
}

export interface ConnectResult {
  connected: Record<Side, number>;
  failed: number;
  firstError: string | null;
}

export interface FloorResult {
  sent: number;
  received: number;
  latency: Summary;
}

/** What the sockets of one replica, in one swarm, received in one phase. */
export interface SideStats {
  sockets: number;
  expected: number;
  delivered: number;
  duplicates: number;
  outOfOrder: number;
  /** Send to receipt, one sample per (message, socket). */
  latency: Summary;
  /** Per message: the first socket's receipt, and the last one's minus the first (the fan-out). */
  first: Summary;
  spread: Summary;
}

export type Kind = 'messages' | 'pings';

export interface Collected {
  sides: Record<Side, SideStats>;
  /** Per expected index (in the order given): every receipt on this swarm's B sockets, bench clock. */
  receiptsB: number[][];
  disconnects: number;
  /** This swarm thread's event-loop utilisation since `track` (1 = never idle). */
  elu: number;
  /** Frames of message changes (`message-updated`, `messages-updated`) its sockets received since `track`, and the changes they covered. */
  changeFrames: { frames: number; changes: number; sockets: number };
}

export interface SendResult {
  /** Per message: when it was sent and when its ack came (bench clock), and whether it succeeded. */
  messages: { clientId: string; sentAt: number; ackAt: number | null; ok: boolean }[];
  /** Failed sends by the error their ack carried. */
  errors: Record<string, number>;
  elapsedMs: number;
}

/** One socket's receipts of one kind of event in the current phase. */
class Track {
  got = new Map<number, number>();
  duplicates = 0;
  outOfOrder = 0;
  private highest = Number.NEGATIVE_INFINITY;

  record(index: number, orderKey: number, at: number) {
    if (this.got.has(index)) {
      this.duplicates++;
      return;
    }
    this.got.set(index, at);
    if (orderKey < this.highest) this.outOfOrder++;
    else this.highest = orderKey;
  }
}

interface Receiver {
  socket: Socket;
  replica: Side;
  tracks: Record<Kind, Track>;
}

class SwarmWorker {
  private receivers: Receiver[] = [];
  private sender: Socket | null = null;
  private tags: Record<Kind, string> = { messages: '', pings: '' };
  private pingSentAt = new Map<number, number>();
  private disconnects = 0;
  private changeFrames = { frames: 0, changes: 0 };
  private eluStart = performance.eventLoopUtilization();

  constructor(private readonly options: SwarmOptions) {}

  private open(url: string, token: string): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = connectSocket(url, {
        forceNew: true,
        reconnection: false,
        transports: ['websocket'],
        // As the web app does: a busy channel's consecutive messages in one packet (`new-messages`).
        auth: { token, messageRuns: true },
        timeout: 15_000,
      });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (error) => {
        socket.close();
        reject(error);
      });
    });
  }

  private async connectOne(spec: SwarmOptions['sockets'][number]) {
    const socket = await this.open(this.options.urls[spec.replica], spec.token);
    const receiver: Receiver = { socket, replica: spec.replica, tracks: { messages: new Track(), pings: new Track() } };
    const received = (message: { clientId?: string | null; sequence: number }, at: number) => {
      const tag = this.tags.messages;
      const clientId = message.clientId ?? '';
      if (!tag || !clientId.startsWith(`${tag}:`)) return;
      receiver.tracks.messages.record(Number(clientId.slice(tag.length + 1)), message.sequence, at);
    };
    socket.on('new-message', (message: { clientId?: string | null; sequence: number }) => received(message, hrNow()));
    socket.on('new-messages', (run: { messages: { clientId?: string | null; sequence: number }[] }) => {
      const at = hrNow();
      for (const message of run.messages) received(message, at);
    });
    socket.on(PING_EVENT, (ping: PingPayload) => {
      const at = hrNow();
      if (!this.tags.pings || ping.tag !== this.tags.pings) return;
      if (!this.pingSentAt.has(ping.index)) this.pingSentAt.set(ping.index, ping.sentAt);
      receiver.tracks.pings.record(ping.index, ping.index, at);
    });
    socket.on('message-updated', () => {
      this.changeFrames.frames++;
      this.changeFrames.changes++;
    });
    socket.on('messages-updated', (frame: { after: number; revision: number }) => {
      this.changeFrames.frames++;
      this.changeFrames.changes += frame.revision - frame.after;
    });
    socket.on('disconnect', () => {
      this.disconnects++;
    });
    const joined = (await socket.timeout(15_000).emitWithAck('join-channels')) as { success?: boolean; channelIds?: string[] };
    if (!joined.channelIds?.includes(this.options.channelId)) {
      socket.close();
      throw new Error(`join-channels answered ${JSON.stringify(joined)}`);
    }
    this.receivers.push(receiver);
  }

  /**
   * Connects sockets `from` to `to` of the list (the bench interleaves the two swarms' batches, so
   * the sample's sockets are spread through the room's order), each then sending `join-channels`.
   */
  async connect(args: { from: number; to: number }): Promise<ConnectResult> {
    const { sockets, connectConcurrency, senderToken, urls } = this.options;
    if (senderToken && !this.sender) this.sender = await this.open(urls.A, senderToken);
    const batch = sockets.slice(args.from, args.to);
    let next = 0;
    let failed = 0;
    let firstError: string | null = null;
    const before = { A: 0, B: 0 };
    for (const r of this.receivers) before[r.replica]++;
    await Promise.all(
      Array.from({ length: Math.min(connectConcurrency, batch.length) }, async () => {
        while (next < batch.length) {
          const spec = batch[next++] as SwarmOptions['sockets'][number];
          try {
            await this.connectOne(spec);
          } catch (error) {
            failed++;
            firstError ??= error instanceof Error ? error.message : String(error);
          }
        }
      }),
    );
    const connected = { A: -before.A, B: -before.B };
    for (const r of this.receivers) connected[r.replica]++;
    return { connected, failed, firstError };
  }

  /** Raw Redis pub/sub: two clients, publish at a fixed rate with a timestamp, receive latency. */
  async floor(args: { rate: number; count: number; channel: string }): Promise<FloorResult> {
    const pub = new Redis(this.options.redisUrl, { maxRetriesPerRequest: 1 });
    const sub = pub.duplicate();
    try {
      const latencies: number[] = [];
      const seen = new Set<number>();
      sub.on('message', (channel: string, text: string) => {
        const at = hrNow();
        if (channel !== args.channel) return;
        const [index, sentAt] = text.split(' ', 2).map(Number) as [number, number];
        if (seen.has(index)) return;
        seen.add(index);
        latencies.push(at - sentAt);
      });
      await sub.subscribe(args.channel);
      await pub.ping();
      await atFixedRate(args.count, args.rate, (i) => {
        void pub.publish(args.channel, `${i} ${hrNow()} ${PAD}`);
      });
      for (const deadline = hrNow() + 5_000; seen.size < args.count && hrNow() < deadline; ) await sleep(20);
      return { sent: args.count, received: seen.size, latency: summarize(latencies) };
    } finally {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    }
  }

  /** Starts recording one kind of event for `tag`: fresh counts, and the thread's utilisation from now. */
  async track(args: { kind: Kind; tag: string }) {
    this.tags[args.kind] = args.tag;
    if (args.kind === 'pings') this.pingSentAt.clear();
    for (const r of this.receivers) r.tracks[args.kind] = new Track();
    this.disconnects = 0;
    if (args.kind === 'messages') this.changeFrames = { frames: 0, changes: 0 };
    this.eluStart = performance.eventLoopUtilization();
  }

  /**
   * Waits (bounded by `graceMs`) until every socket has every expected index, then summarises.
   * `sentAt` gives each message's send time; pings carry their own.
   */
  async collect(args: { kind: Kind; expected: number[]; sentAt?: number[]; graceMs: number }): Promise<Collected> {
    const { kind, expected } = args;
    const deadline = hrNow() + args.graceMs;
    const missing = () =>
      this.receivers.some((r) => r.tracks[kind].got.size < expected.length || expected.some((i) => !r.tracks[kind].got.has(i)));
    while (hrNow() < deadline && missing()) await sleep(50);
    const sentAt = (i: number) => (kind === 'pings' ? this.pingSentAt.get(i) : args.sentAt?.[i]) ?? Number.NaN;
    const receiptsB = expected.map(() => [] as number[]);
    const position = new Map(expected.map((index, n) => [index, n]));
    for (const r of this.receivers.filter((x) => x.replica === 'B')) {
      for (const [i, at] of r.tracks[kind].got) {
        const n = position.get(i);
        if (n !== undefined) receiptsB[n]?.push(at);
      }
    }
    const elu = performance.eventLoopUtilization(performance.eventLoopUtilization(), this.eluStart).utilization;
    this.tags[kind] = '';
    return {
      sides: { A: this.side('A', kind, expected, sentAt), B: this.side('B', kind, expected, sentAt) },
      receiptsB,
      disconnects: this.disconnects,
      elu,
      changeFrames: { ...this.changeFrames, sockets: this.receivers.length },
    };
  }

  /**
   * Sends `send-message` from the sender's socket on replica A at a fixed rate (after a few
   * warm-up messages, answered before the measured ones start) and waits, bounded, for the acks.
   */
  async send(args: { tag: string; rate: number; count: number; warmup: number }): Promise<SendResult> {
    const sender = this.sender;
    if (!sender) throw new Error('this swarm has no sender');
    const { channelId } = this.options;
    const send = (clientId: string, onAck: (ok: boolean, error: string | null) => void) =>
      sender
        .timeout(10_000)
        .emit(
          'send-message',
          { channelId, content: `bench ${clientId}`, type: 'text', clientId },
          (err: Error | null, answer?: unknown) => {
            const a = answer as { success?: boolean; error?: string } | undefined;
            onAck(!err && a?.success === true, err ? err.message : (a?.error ?? null));
          },
        );

    let warmAcks = 0;
    await atFixedRate(args.warmup, args.rate, (i) =>
      send(`${args.tag}w:${i}`, () => {
        warmAcks++;
      }),
    );
    for (const deadline = hrNow() + 11_000; warmAcks < args.warmup && hrNow() < deadline; ) await sleep(20);
    await sleep(500);

    const messages: SendResult['messages'] = Array.from({ length: args.count }, (_, i) => ({
      clientId: `${args.tag}:${i}`,
      sentAt: Number.NaN,
      ackAt: null,
      ok: false,
    }));
    const errors: Record<string, number> = {};
    let answered = 0;
    const started = hrNow();
    await atFixedRate(args.count, args.rate, (i) => {
      const message = messages[i] as SendResult['messages'][number];
      message.sentAt = hrNow();
      send(message.clientId, (ok, error) => {
        message.ackAt = hrNow();
        message.ok = ok;
        if (!ok) errors[error ?? 'no answer'] = (errors[error ?? 'no answer'] ?? 0) + 1;
        answered++;
      });
    });
    const elapsedMs = hrNow() - started;
    for (const deadline = hrNow() + 11_000; answered < args.count && hrNow() < deadline; ) await sleep(20);
    for (const m of messages) if (m.ackAt === null) errors['no answer'] = (errors['no answer'] ?? 0) + 1;
    return { messages, errors, elapsedMs };
  }

  private side(replica: Side, kind: Kind, expectedIndexes: number[], sentAt: (i: number) => number): SideStats {
    const receivers = this.receivers.filter((r) => r.replica === replica);
    const expected = new Set(expectedIndexes);
    const latencies: number[] = [];
    const first = new Map<number, number>();
    const last = new Map<number, number>();
    let delivered = 0;
    let duplicates = 0;
    let outOfOrder = 0;
    for (const r of receivers) {
      const t = r.tracks[kind];
      duplicates += t.duplicates;
      outOfOrder += t.outOfOrder;
      for (const [i, at] of t.got) {
        if (!expected.has(i)) continue;
        delivered++;
        latencies.push(at - sentAt(i));
        first.set(i, Math.min(first.get(i) ?? at, at));
        last.set(i, Math.max(last.get(i) ?? at, at));
      }
    }
    return {
      sockets: receivers.length,
      expected: expected.size * receivers.length,
      delivered,
      duplicates,
      outOfOrder,
      latency: summarize(latencies),
      first: summarize([...first].map(([i, at]) => at - sentAt(i))),
      spread: summarize([...first].map(([i, at]) => (last.get(i) ?? at) - at)),
    };
  }

  /** Reactions through the gateway's REST API at a fixed rate, from this thread (not the platform's). */
  react(args: ReactArgs) {
    const { gatewayUrl, ...rest } = args;
    return reactAtRate({ ...rest, api: restClient(gatewayUrl), channelId: this.options.channelId });
  }

  async close() {
    for (const r of this.receivers) r.socket.close();
    this.sender?.close();
    this.receivers = [];
    this.sender = null;
  }
}

/** The main thread's handle on a swarm: each command answers, or fails after its time bound. */
export interface Swarm {
  connect(args: { from: number; to: number }): Promise<ConnectResult>;
  floor(args: { rate: number; count: number; channel: string }): Promise<FloorResult>;
  track(args: { kind: Kind; tag: string }): Promise<void>;
  collect(args: { kind: Kind; expected: number[]; sentAt?: number[]; graceMs: number }): Promise<Collected>;
  send(args: { tag: string; rate: number; count: number; warmup: number }): Promise<SendResult>;
  react(args: ReactArgs): Promise<Reacted>;
  /** Closes every socket and ends the process. */
  close(): Promise<void>;
  /** The swarm's process, whose CPU is the clients'. */
  pid: number | undefined;
}

/**
 * The environment variable that makes this file a swarm's process. Its options (a thousand sockets'
 * tokens) come as the first message: an environment variable holds at most 128 KB (E2BIG).
 */
const SWARM_ENV = 'CW_REALTIME_SWARM';

type Command = 'connect' | 'floor' | 'track' | 'collect' | 'send' | 'react' | 'close';

export function startSwarm(options: Omit<SwarmOptions, 'kind'>): Swarm {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, [SWARM_ENV]: '1' },
  });
  child.send({ options: { ...options, kind: 'realtime-swarm' } satisfies SwarmOptions });
  const call = commandCaller(`swarm ${options.name}`, child, (message) => child.send(message));

  return {
    pid: child.pid,
    connect: (args) => call('connect', args, 60_000),
    floor: (args) => call('floor', args, (args.count / args.rate) * 1000 + 20_000),
    track: (args) => call('track', args, 10_000),
    collect: (args) => call('collect', args, args.graceMs + 20_000),
    send: (args) => call('send', args, ((args.count + args.warmup) / args.rate) * 1000 + 40_000),
    react: (args) => call('react', args, (args.count / args.rate) * 1000 + 40_000),
    close: async () => {
      await call('close', undefined, 15_000).catch(() => undefined);
      if (child.exitCode === null) child.kill();
    },
  };
}

if (process.env[SWARM_ENV] && process.send) {
  let swarm: SwarmWorker | undefined;
  const answer = (message: object) => process.send?.(message);
  process.on('message', (message: { options: SwarmOptions } | { id: number; command: Command; args: never }) => {
    if ('options' in message) {
      swarm = new SwarmWorker(message.options);
      return;
    }
    const { id, command, args } = message;
    if (!swarm) return void answer({ id, error: 'no options received' });
    (swarm[command] as (a: never) => Promise<unknown>).call(swarm, args).then(
      (result) => answer({ id, result }),
      (error: unknown) => answer({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
  // The bench ended (or died): its swarms go with it.
  process.on('disconnect', () => process.exit(0));
}
