import type { EventEnvelope } from '@commonwork/contracts';
import { AckPolicy, DeliverPolicy, type JetStreamManager, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, headers, type NatsConnection, nanos } from '@nats-io/transport-node';
import type { Logger } from '../logger.ts';
import {
  type ConsumerSpec,
  DEFAULT_MAX_DELIVER,
  DUPLICATE_WINDOW_MS,
  deadLetterSubject,
  type EventBus,
  type Subscription,
  UnprocessableEvent,
} from './bus.ts';

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
}

/** The JetStream adapter: one stream per publishing service, durable pull consumers, msg-id dedupe. */
export class NatsBus implements EventBus {
  private constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly options: NatsBusOptions,
  ) {}

  static async connect(options: NatsBusOptions): Promise<NatsBus> {
    // No async traces: every JetStream publish and ack is a request, and capturing a stack for each
    // cost 3 % of the CPU of bench:notifications; our own logs say where an operation started.
    const nc = await connect({ servers: options.url, name: 'commonwork', maxReconnectAttempts: -1, noAsyncTraces: true });
    const bus = new NatsBus(nc, await jetstreamManager(nc), options);
    await bus.ensureStream('DEADLETTER', ['deadletter.>']);
    return bus;
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
    };
    try {
      await this.jsm.streams.info(config.name);
      await this.jsm.streams.update(config.name, config);
    } catch {
      await this.jsm.streams.add(config);
    }
  }

  async publish(envelope: EventEnvelope) {
    await this.publishOn(envelope.type, envelope);
  }

  private async publishOn(subject: string, envelope: EventEnvelope) {
    const h = headers();
    if (envelope.metadata.traceparent) h.set('traceparent', envelope.metadata.traceparent);
    await jetstream(this.nc).publish(this.subject(subject), JSON.stringify(envelope), {
      msgID: `${subject}|${envelope.id}`,
      headers: h,
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
    const messages = await consumer.consume({ max_messages: 64 });
    const prefix = this.options.namespace ? `${this.options.namespace}.` : '';
    const loop = (async () => {
      for await (const m of messages) {
        const envelope = m.json<EventEnvelope>();
        const subject = m.subject.slice(prefix.length);
        const deliveryCount = m.info.deliveryCount;
        try {
          await spec.handle({ subject, envelope, deliveryCount });
          // Not waited for: an ack that gets lost brings the message again, and handlers are
          // idempotent (processed_events), so a round trip per message buys nothing.
          m.ack();
        } catch (error) {
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
    })();
    return {
      stop: async () => {
        await messages.close();
        await loop;
      },
    };
  }

  async ping() {
    await this.nc.flush();
  }

  async close() {
    await this.nc.drain();
  }
}
