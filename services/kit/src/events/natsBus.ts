import { setTimeout as sleep } from 'node:timers/promises';
import type { EventEnvelope } from '@commonwork/contracts';
import {
  AckPolicy,
  type ConsumerMessages,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  jetstream,
  jetstreamManager,
} from '@nats-io/jetstream';
import { connect, headers, type NatsConnection, nanos } from '@nats-io/transport-node';
import type { Logger } from '../logger.ts';
import { observe } from '../metrics.ts';
import {
  type BusMessage,
  type ConsumerSpec,
  DEFAULT_MAX_DELIVER,
  DUPLICATE_WINDOW_MS,
  deadLetterSubject,
  type EventBus,
  MAX_BATCH,
  type PublishOptions,
  READY_CHECK_MS,
  type Subscription,
  UnprocessableEvent,
} from './bus.ts';
import { Waiting } from './waiting.ts';

export interface NatsBusOptions {
  url: string;
  log: Logger;
  /**
   * Prefix for every stream and subject, so several deployments (or parallel test runs) share one
   * NATS server without seeing each other's events. Default: none.
   */
  namespace?: string;
  /** How long a delivery may take before JetStream redelivers it; default 30 s. */
  ackWaitMs?: number;
  /**
   * How many JetStream nodes keep each stream (NATS_STREAM_REPLICAS); default 1. A clustered NATS
   * only survives losing a node with every stream writable when this is 3 (deploy/k8s/infra).
   */
  replicas?: number;
}

/**
 * Each member's pull: a batch's worth of messages, the request renewed every 2 minutes (not the
 * client's 30 s) with the server's heartbeat every 30 s while nothing comes, so an idle consumer
 * costs 6 messages in 2 minutes instead of 16. A lost link is still noticed by the connection's own
 * PING within 10 s (and the pull made again on reconnecting); a pull the server dropped by itself,
 * by two missed heartbeats (60 s).
 */
const PULL = { max_messages: MAX_BATCH, expires: 120_000, idle_heartbeat: 30_000 };

/** The de-duplication id of an event on a subject (the dead letters take the same event again). */
const messageId = (subject: string, envelope: EventEnvelope) => `${subject}|${envelope.id}`;

/** The JetStream adapter: one stream per publishing service, durable pull consumers, msg-id dedupe. */
export class NatsBus implements EventBus {
  private readonly js: JetStreamClient;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly options: NatsBusOptions,
  ) {
    this.js = jetstream(nc);
  }

  static async connect(options: NatsBusOptions): Promise<NatsBus> {
    // No async traces: every JetStream publish and ack is a request, and capturing a stack for each
    // cost 3 % of the CPU of bench:notifications; our own logs say where an operation started.
    // A PING every 5 s, two unanswered = gone: a link cut without a reset (a partition) otherwise
    // stalls the connection until TCP gives up or the default 2-minute ping notices (the fault
    // suite's messaging replica took 28 s to come back after a 30 s cut); then it reconnects.
    const nc = await connect({
      servers: options.url,
      name: 'commonwork',
      maxReconnectAttempts: -1,
      noAsyncTraces: true,
      pingInterval: 5_000,
      maxPingOut: 2,
    });
    // A start that fails (JetStream refuses the dead-letter stream) leaves no connection reconnecting behind it.
    try {
      const bus = new NatsBus(nc, await jetstreamManager(nc), options);
      await bus.ensureStream('DEADLETTER', ['deadletter.>']);
      return bus;
    } catch (error) {
      await nc.close();
      throw error;
    }
  }

  private subject(name: string) {
    return this.options.namespace ? `${this.options.namespace}.${name}` : name;
  }

  private streamName(name: string) {
    return this.options.namespace ? `${this.options.namespace}_${name}` : name;
  }

  async ensureStream(stream: string, subjects: string[]) {
    const config = {
      name: this.streamName(stream),
      subjects: subjects.map((s) => this.subject(s)),
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
      num_replicas: this.options.replicas ?? 1,
    };
    const existing = await this.jsm.streams.info(config.name).catch((error: unknown) => {
      if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound) return null;
      throw error;
    });
    // A stream made before the setting changed (one replica, by an older version) is brought to it:
    // JetStream copies its messages to the new peers itself. A refusal (a server outside a cluster
    // makes no stream on more than one node) stops the start in JetStream's own words.
    const made = existing ? await this.jsm.streams.update(config.name, config) : await this.jsm.streams.add(config);
    if (existing && existing.config.num_replicas !== made.config.num_replicas) {
      const change = { stream: config.name, from: existing.config.num_replicas, to: made.config.num_replicas };
      this.options.log.info(change, 'stream replicas changed');
    }
  }

  async publish(envelope: EventEnvelope, options?: PublishOptions) {
    await this.publishOn(envelope.type, envelope, options?.after);
  }

  private async publishOn(subject: string, envelope: EventEnvelope, after?: EventEnvelope) {
    const h = headers();
    if (envelope.metadata.traceparent) h.set('traceparent', envelope.metadata.traceparent);
    await this.js.publish(this.subject(subject), JSON.stringify(envelope), {
      msgID: messageId(subject, envelope),
      headers: h,
      // JetStream checks its duplicate window first, then this: a republished prefix is dropped, not refused.
      ...(after && { expect: { lastMsgID: messageId(after.type, after) } }),
    });
  }

  async consume(spec: ConsumerSpec): Promise<Subscription> {
    const stream = this.streamName(spec.stream);
    const maxDeliver = spec.maxDeliver ?? DEFAULT_MAX_DELIVER;
    await this.jsm.consumers.add(stream, {
      durable_name: spec.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: this.subject(spec.filterSubject),
      ack_wait: nanos(this.options.ackWaitMs ?? 30_000),
      // One more than ours, so JetStream never drops a message before we dead-letter it.
      max_deliver: maxDeliver + 1,
    });
    const consumer = await jetstream(this.nc).consumers.get(stream, spec.durable);
    // Consumer lag, read from the server only when scraped: not yet delivered plus delivered, not acked.
    const unobserve = observe('consumerPending', async () => {
      const info = await this.jsm.consumers.info(stream, spec.durable);
      return [{ value: info.num_pending + info.num_ack_pending, attributes: { stream: spec.stream, durable: spec.durable } }];
    });
    const prefix = this.options.namespace ? `${this.options.namespace}.` : '';
    const toBus = (m: JsMsg): BusMessage => ({
      subject: m.subject.slice(prefix.length),
      envelope: m.json<EventEnvelope>(),
      deliveryCount: m.info.deliveryCount,
    });
    // The pump takes messages as they come; the worker hands over what has gathered meanwhile. A
    // member that is not ready stops pulling (its pull closed, so JetStream gives the others the
    // messages) and hands back what it holds, then pulls again once it is ready. Readiness is asked
    // as messages arrive, never on a clock while nothing comes: the first message a member that
    // became unready receives is handed back and closes its pull.
    const ready = spec.ready ?? (() => true);
    let stopping = false;
    /** Set when this member closed its pull for not being ready: the only close after which it pulls again. */
    let paused = !ready();
    let messages: ConsumerMessages | undefined = paused ? undefined : await consumer.consume(PULL);
    const waiting = new Waiting<JsMsg>(MAX_BATCH);
    const pump = (async () => {
      for (;;) {
        // A close (stop, the connection's end, or not ready) still yields what had arrived, then ends the loop.
        for await (const m of messages ?? []) {
          if (ready()) await waiting.push(m);
          else {
            m.nak();
            if (!paused && messages) {
              paused = true;
              void messages.close();
            }
          }
        }
        if (!paused || stopping) break;
        while (!ready() && !stopping) await sleep(READY_CHECK_MS);
        if (stopping) break;
        paused = false;
        messages = await consumer.consume(PULL);
        if (stopping) void messages.close();
      }
    })()
      .catch((error: unknown) => this.options.log.warn({ err: error, durable: spec.durable }, 'consumer stopped pulling'))
      .finally(() => waiting.end());
    const work = (async () => {
      for (;;) {
        const batch = await waiting.take(spec.handleBatch ? MAX_BATCH : 1);
        if (batch.length === 0) return;
        if (!ready()) {
          for (const m of batch) m.nak();
          continue;
        }
        const received = batch.map((m) => ({ m, message: toBus(m) }));
        if (spec.handleBatch && received.length > 1) {
          const handled = await spec.handleBatch(received.map((r) => r.message)).then(
            () => true,
            (error: unknown) => {
              this.options.log.debug(
                { err: error, durable: spec.durable, messages: received.length },
                'batch failed; handling its messages one by one',
              );
              return false;
            },
          );
          if (handled) {
            for (const { m } of received) m.ack();
            continue;
          }
        }
        for (const { m, message } of received) await this.handleOne(spec, maxDeliver, m, message);
      }
    })();
    return {
      stop: async () => {
        unobserve();
        stopping = true;
        await messages?.close();
        await pump;
        await work;
      },
    };
  }

  /** One message: acked when handled, dead-lettered when it cannot be or has failed too often, else redelivered later. */
  private async handleOne(spec: ConsumerSpec, maxDeliver: number, m: JsMsg, message: BusMessage) {
    try {
      await spec.handle(message);
      // Not waited for: an ack that gets lost brings the message again, and handlers are
      // idempotent (processed_events), so a round trip per message buys nothing.
      m.ack();
    } catch (error) {
      const { envelope, deliveryCount } = message;
      if (deliveryCount >= maxDeliver || error instanceof UnprocessableEvent) {
        this.options.log.error({ err: error, eventId: envelope.id, durable: spec.durable }, 'event dead-lettered');
        await this.publishOn(deadLetterSubject(spec.durable), envelope);
        m.term();
      } else {
        this.options.log.warn({ err: error, eventId: envelope.id, deliveryCount }, 'handler failed; will redeliver');
        m.nak(Math.min(50 * 2 ** deliveryCount, 2_000));
      }
    }
  }

  /**
   * Reads each stream once with an ordered consumer (every copy is looked at: a stream's subjects
   * are event types, not people) and deletes the copies of these events, their bytes erased.
   */
  async forget(stream: string, eventIds: readonly string[]) {
    const ids = new Set(eventIds);
    if (ids.size === 0) return 0;
    let deleted = 0;
    for (const name of [this.streamName(stream), this.streamName('DEADLETTER')]) {
      const info = await this.jsm.streams.info(name).catch(() => null);
      if (!info || info.state.messages === 0) continue;
      const doomed: number[] = [];
      const reader = await jetstream(this.nc).consumers.get(name);
      const messages = await reader.consume();
      for await (const m of messages) {
        if (ids.has(m.json<EventEnvelope>().id)) doomed.push(m.seq);
        if (m.seq >= info.state.last_seq || m.info.pending === 0) break;
      }
      await messages.close();
      for (const seq of doomed) if (await this.jsm.streams.deleteMessage(name, seq, true)) deleted++;
    }
    return deleted;
  }

  async ping() {
    await this.nc.flush();
  }

  async close() {
    await this.nc.drain();
  }
}
