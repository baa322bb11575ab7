import { EventEmitter } from 'node:events';
import type { EventEnvelope } from '@commonwork/contracts';
import type { Logger } from '../logger.ts';
import { observe } from '../metrics.ts';
import {
  type ConsumerSpec,
  DEFAULT_MAX_DELIVER,
  DUPLICATE_WINDOW_MS,
  deadLetterSubject,
  type EventBus,
  MAX_BATCH,
  type PublishOptions,
  READY_CHECK_MS,
  type Subscription,
  subjectMatches,
  UnprocessableEvent,
} from './bus.ts';

interface StoredMessage {
  seq: number;
  subject: string;
  envelope: EventEnvelope;
}

const DEAD_LETTER_STREAM = 'DEADLETTER';

/**
 * The in-process bus of embedded mode: streams are in-memory logs, durable consumers keep their
 * position for the life of the process, and the delivery rules match the JetStream adapter's.
 * Events are not lost on restart because the outbox replays from each service's event store.
 */
export class MemoryBus implements EventBus {
  /** Each stream's subjects, messages, and the de-duplication key of the last message it took (what `after` is checked against). */
  private readonly streams = new Map<string, { subjects: string[]; messages: StoredMessage[]; last?: string }>();
  private readonly seen = new Map<string, number>();
  private readonly durables = new Map<string, { position: number; members: ConsumerSpec[]; turn: number; running: Promise<void> }>();
  private readonly wake = new EventEmitter().setMaxListeners(0);
  private seq = 0;

  constructor(private readonly log: Logger) {
    this.streams.set(DEAD_LETTER_STREAM, { subjects: ['deadletter.>'], messages: [] });
  }

  async ensureStream(stream: string, subjects: string[]) {
    const existing = this.streams.get(stream);
    if (existing) existing.subjects = subjects;
    else this.streams.set(stream, { subjects, messages: [] });
  }

  async publish(envelope: EventEnvelope, options?: PublishOptions) {
    this.publishOn(envelope.type, envelope, options?.after);
  }

  private publishOn(subject: string, envelope: EventEnvelope, after?: EventEnvelope) {
    const now = Date.now();
    // Ids are remembered in publish order, so expiry stops at the first one still inside the window.
    for (const [id, at] of this.seen) {
      if (now - at <= DUPLICATE_WINDOW_MS) break;
      this.seen.delete(id);
    }
    const dedupeKey = `${subject}|${envelope.id}`;
    if (this.seen.has(dedupeKey)) return;
    const stream = [...this.streams.values()].find((s) => s.subjects.some((f) => subjectMatches(f, subject)));
    if (!stream) throw new Error(`No stream takes subject ${subject}`);
    if (after && stream.last !== `${after.type}|${after.id}`) throw new Error(`The last message is not ${after.id}`);
    this.seen.set(dedupeKey, now);
    stream.last = dedupeKey;
    stream.messages.push({ seq: ++this.seq, subject, envelope });
    this.wake.emit('message');
  }

  async consume(spec: ConsumerSpec): Promise<Subscription> {
    const stream = this.streams.get(spec.stream);
    if (!stream) throw new Error(`Stream ${spec.stream} does not exist`);
    const key = `${spec.stream}/${spec.durable}`;
    let durable = this.durables.get(key);
    if (!durable) {
      durable = { position: 0, members: [], turn: 0, running: Promise.resolve() };
      this.durables.set(key, durable);
    }
    const state = durable;
    state.members.push(spec);
    // The queue's length, counted only when scraped, once per durable however many members share it.
    const unobserve =
      state.members.length === 1
        ? observe('consumerPending', () => [
            {
              value: pendingAfter(stream.messages, state.position, spec.filterSubject),
              attributes: { stream: spec.stream, durable: spec.durable },
            },
          ])
        : () => {};

    // Replicas that share a durable share one delivery chain, taking turns, as JetStream does.
    const drain = async () => {
      for (;;) {
        const ready = state.members.filter((m) => m.ready?.() !== false);
        const member = ready[state.turn++ % Math.max(ready.length, 1)];
        if (!member) {
          // Every member is out: asked again shortly (a message that comes meanwhile asks too).
          if (state.members.length > 0) setTimeout(onMessage, READY_CHECK_MS).unref();
          return;
        }
        const batch = nextMessages(stream.messages, state.position, member.filterSubject, member.handleBatch ? MAX_BATCH : 1);
        if (batch.length === 0) return;
        const maxDeliver = member.maxDeliver ?? DEFAULT_MAX_DELIVER;
        const stopped = () => !state.members.includes(member);
        if (member.handleBatch && batch.length > 1) {
          const messages = batch.map((m) => ({ subject: m.subject, envelope: m.envelope, deliveryCount: 1 }));
          if (
            await member.handleBatch(messages).then(
              () => true,
              () => false,
            )
          ) {
            state.position = (batch.at(-1) as StoredMessage).seq;
            continue;
          }
        }
        for (const message of batch) {
          if (!(await this.deliver(member, message, maxDeliver, stopped))) return;
          state.position = message.seq;
        }
      }
    };
    const onMessage = () => {
      state.running = state.running.then(drain);
    };
    this.wake.on('message', onMessage);
    onMessage();
    return {
      stop: async () => {
        unobserve();
        state.members = state.members.filter((m) => m !== spec);
        this.wake.off('message', onMessage);
        await state.running;
      },
    };
  }

  /** Delivers until handled or dead-lettered (true), or until the consumer stops (false: not done). */
  private async deliver(spec: ConsumerSpec, message: StoredMessage, maxDeliver: number, isStopped: () => boolean) {
    for (let deliveryCount = 1; !isStopped(); deliveryCount++) {
      try {
        await spec.handle({ subject: message.subject, envelope: message.envelope, deliveryCount });
        return true;
      } catch (error) {
        if (deliveryCount >= maxDeliver || error instanceof UnprocessableEvent) {
          this.log.error({ err: error, eventId: message.envelope.id, durable: spec.durable }, 'event dead-lettered');
          this.publishOn(deadLetterSubject(spec.durable), message.envelope);
          return true;
        }
        this.log.warn({ err: error, eventId: message.envelope.id, deliveryCount }, 'handler failed; will redeliver');
        await new Promise((r) => setTimeout(r, Math.min(50 * 2 ** deliveryCount, 2_000)));
      }
    }
    return false;
  }

  async forget(stream: string, eventIds: readonly string[]) {
    const ids = new Set(eventIds);
    let deleted = 0;
    for (const name of [stream, DEAD_LETTER_STREAM]) {
      const held = this.streams.get(name);
      if (!held) continue;
      // Consumers keep positions by sequence, so taking messages out leaves every position valid.
      const kept = held.messages.filter((m) => !ids.has(m.envelope.id));
      deleted += held.messages.length - kept.length;
      held.messages = kept;
    }
    return deleted;
  }

  async ping() {}

  async close() {
    this.wake.removeAllListeners();
  }
}

/** Up to `max` messages after `position` whose subject the filter takes, in stream order. */
function nextMessages(messages: StoredMessage[], position: number, filter: string, max: number) {
  const found: StoredMessage[] = [];
  for (const m of messages) {
    if (found.length === max) break;
    if (m.seq > position && subjectMatches(filter, m.subject)) found.push(m);
  }
  return found;
}

/** How many messages after `position` the filter takes (the stream is in sequence order). */
function pendingAfter(messages: StoredMessage[], position: number, filter: string) {
  let low = 0;
  let high = messages.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((messages[mid] as StoredMessage).seq <= position) low = mid + 1;
    else high = mid;
  }
  let pending = 0;
  for (let i = low; i < messages.length; i++) if (subjectMatches(filter, (messages[i] as StoredMessage).subject)) pending++;
  return pending;
}
