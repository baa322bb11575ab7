import type { EventEnvelope } from '@commonwork/contracts';

/** A message as a consumer receives it. */
export interface BusMessage {
  subject: string;
  envelope: EventEnvelope;
  /** 1 on first delivery; grows with each redelivery after a failure. */
  deliveryCount: number;
}

export interface ConsumerSpec {
  /** The publishing service's stream, e.g. `IDENTITY`. */
  stream: string;
  /** Durable name `<service>-<purpose>`: replicas that share it share the work. */
  durable: string;
  /** One subject filter (NATS 2.9 has no multi-filter consumers), e.g. `identity.user.>`. */
  filterSubject: string;
  /** Deliveries before a failing event goes to the dead-letter subject; default 5. */
  maxDeliver?: number;
  handle: (message: BusMessage) => Promise<void>;
  /**
   * Takes the messages that are waiting together (up to `MAX_BATCH`, in delivery order) in one
   * call, e.g. one transaction: a consumer that falls behind catches up at a fraction of the cost
   * per message. When it throws, each of them is handled by `handle` alone, with the usual
   * redelivery and dead-lettering, so one bad message does not hold the others back.
   */
  handleBatch?: (messages: BusMessage[]) => Promise<void>;
  /**
   * While this answers false, this member takes nothing: what it holds is handed back at once, for
   * the replicas that share the durable (one that lost a dependency its handler needs, as a realtime
   * replica cut from Redis). Asked as messages arrive and before each batch (no clock asks it while
   * nothing comes), and every `READY_CHECK_MS` while it answers false; default always ready.
   */
  ready?: () => boolean;
}

/** How often a member that is not ready is asked again. */
export const READY_CHECK_MS = 250;

/** The most messages one `handleBatch` call takes. */
export const MAX_BATCH = 64;

export interface PublishOptions {
  /**
   * Taken only if the last message the stream took is this one (a duplicate is dropped before the
   * check): publishes sent together, each after the one before, are taken as a prefix, since once one
   * is refused every later one is too, so a failure never lets a later event overtake an earlier one.
   */
  after?: EventEnvelope;
}

export interface Subscription {
  stop(): Promise<void>;
}

/**
 * The event bus port. Two adapters keep the same delivery rules: NATS JetStream (cluster mode)
 * and an in-process bus (embedded mode): at-least-once, in order per consumer, duplicates of one
 * message id dropped inside a window, poison messages dead-lettered after `maxDeliver`.
 */
export interface EventBus {
  /** Creates or updates a stream; idempotent. */
  ensureStream(stream: string, subjects: string[]): Promise<void>;
  /** Publishes on the subject `envelope.type`, de-duplicated by `envelope.id`. */
  publish(envelope: EventEnvelope, options?: PublishOptions): Promise<void>;
  consume(spec: ConsumerSpec): Promise<Subscription>;
  /**
   * Deletes the published copies of these events from a stream and from the dead letters (a person
   * forgotten: docs/decisions/privacy/). Answers how many were deleted. A consumer that had not
   * taken one yet never will; the events were about someone who no longer exists.
   */
  forget?(stream: string, eventIds: readonly string[]): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Thrown by a handler for an event it can never process (a version it does not understand, a
 * payload its contract rejects): the bus dead-letters it at once instead of redelivering it.
 */
export class UnprocessableEvent extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnprocessableEvent';
  }
}

export const DEFAULT_MAX_DELIVER = 5;
/** JetStream's default duplicate window, which the in-process bus copies. */
export const DUPLICATE_WINDOW_MS = 120_000;

/** The dead-letter subject of a consumer. */
export const deadLetterSubject = (durable: string) => `deadletter.${durable}`;

/** The stream a service publishes to: `IDENTITY` takes `identity.>`. */
export const serviceStream = (service: string) => ({ stream: service.toUpperCase(), subjects: [`${service}.>`] });

/** NATS subject matching: `*` is one token, `>` the rest. */
export function subjectMatches(filter: string, subject: string): boolean {
  const f = filter.split('.');
  const s = subject.split('.');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '>') return s.length > i;
    if (i >= s.length || (f[i] !== '*' && f[i] !== s[i])) return false;
  }
  return f.length === s.length;
}
