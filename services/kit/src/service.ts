import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@commonwork/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { TokenVerifier } from './auth/verifier.ts';
import type { Database } from './db/database.ts';
import { migrateSchema, type ServiceMigration } from './db/migrations.ts';
import { type Aggregate, type AggregateStore, bindAggregate } from './events/aggregate.ts';
import { type EventBus, type Subscription, serviceStream } from './events/bus.ts';
import { type ServiceSubscription, startConsumer } from './events/consumer.ts';
import { type DomainEvent, type StoredEvent, storeOf } from './events/eventStore.ts';
import { OutboxRelay, type PublishMapper, toEnvelope } from './events/outbox.ts';
import { kitMigrations } from './events/storeMigration.ts';
import { type App, createApp, type RequestLogLevel } from './http/app.ts';
import { drainAndClose } from './http/drain.ts';
import { idempotencyKeysCleanup, idempotencyOf, useIdempotency } from './http/idempotency.ts';
import { type RunningJob, type ServiceJob, startJob } from './jobs.ts';
import type { Logger } from './logger.ts';
import { type PersonalDataExport, startPersonalDataExport } from './personalData/export.ts';
import { type Forgetting, startForgetting } from './personalData/forget.ts';
import type { IdentityReplicas } from './personalData/internalRoutes.ts';
import { currentTraceparent } from './telemetry.ts';

/** What a service's code gets from the runtime, typed over the service's own tables. */
export interface ServiceContext<DB> {
  name: string;
  app: App;
  db: Kysely<DB>;
  bus: EventBus;
  log: Logger;
  verifier: TokenVerifier;
  /** Binds one of the service's aggregates to its database: load, decide, append, project, publish. */
  aggregate<S, C, E extends DomainEvent>(aggregate: Aggregate<DB, S, C, E>): AggregateStore<S, C, E, DB>;
  /** Asks the outbox relay to publish now: after a transaction of one's own that appended events with `handleIn`. */
  publishNow: () => void;
  /** Event metadata for a command caused by an HTTP request. */
  metadataFor: (request: FastifyRequest, actorId: string | null) => EventMetadata;
}

/** A service as the runtime starts it; every service has this same shape. */
export interface ServiceDefinition<DB, E extends DomainEvent = DomainEvent> {
  name: string;
  migrations: ServiceMigration[];
  /** Chooses what of the stored events is published, through the contracts; default: all, as stored. */
  publish?: PublishMapper<E>;
  register: (ctx: ServiceContext<DB>) => void | Promise<void>;
  /**
   * Every subscription the service has (`handlers/index.ts`). A handler made with `defineReadModel`
   * only keeps read tables and is replayed by a rebuild; one made with `defineHandler` reacts and never is.
   */
  subscriptions?: readonly ServiceSubscription<DB>[];
  /** Work done on a clock (reminders, digests), started after the consumers. */
  jobs?: readonly ServiceJob<ServiceContext<DB>>[];
  /** Its part of a person's data export, sent to identity when one is asked for (kit/personalData/export.ts). */
  exportPerson?: PersonalDataExport<DB>;
  /** How it forgets a person who deleted their account (`src/personalData/forget.ts`; kit/personalData/forget.ts). */
  forget?: Forgetting<DB>;
}

export interface RunningService<DB = unknown> {
  name: string;
  app: App;
  ctx: ServiceContext<DB>;
  relay: OutboxRelay;
  /** The service's jobs by name: tests and tools run one at once with `runNow`. */
  jobs: Readonly<Record<string, RunningJob>>;
  url: string;
  stop: () => Promise<void>;
}

export interface StartOptions {
  database: Database;
  bus: EventBus;
  log: Logger;
  verifier: TokenVerifier;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Keep the relay stopped (tests that simulate a crash before publishing). */
  relay?: boolean;
  /** How long `stop` keeps serving after saying it is not ready (DRAIN_DELAY_MS); default 0. */
  drainDelayMs?: number;
  /**
   * The level of the one line each request writes; default info. In one process with the gateway
   * (embedded mode) the gateway's line is the request's, and a service's is the hop behind it.
   */
  requestLogLevel?: RequestLogLevel;
  /** Identity's replicas, for the service's internal calls to it (a person's data export); without them the service sends no parts. */
  identity?: IdentityReplicas;
}

/**
 * Boots a service the same way in both run modes: migrate its schema, register its routes, start
 * the outbox relay and its consumers, then listen.
 */
export async function startService<DB, E extends DomainEvent>(
  def: ServiceDefinition<DB, E>,
  options: StartOptions,
): Promise<RunningService<DB>> {
  const { database, bus, verifier } = options;
  const log = options.log.child({ service: def.name });
  await migrateSchema(database, def.name, [...kitMigrations(), ...def.migrations]);
  const { stream, subjects } = serviceStream(def.name);
  await bus.ensureStream(stream, subjects);

  const db = database.forSchema<DB>(def.name);
  const { publish } = def;
  // The store holds only this service's own events, which are the service's `E`.
  const map: PublishMapper = publish ? (event) => publish(event as StoredEvent<E>) : toEnvelope;
  const relay = new OutboxRelay({ db: storeOf(db), bus, log, map, service: def.name });
  const app = createApp({
    logger: log,
    ...(options.requestLogLevel && { requestLogLevel: options.requestLogLevel }),
    readiness: [
      { name: 'database', check: () => database.ping() },
      { name: 'bus', check: () => bus.ping() },
    ],
  });
  const ctx: ServiceContext<DB> = {
    name: def.name,
    app,
    db,
    bus,
    log,
    verifier,
    aggregate: (aggregate) => bindAggregate({ db, schema: def.name, afterCommit: () => relay.kick() }, aggregate),
    publishNow: () => relay.kick(),
    metadataFor: (request, actorId) => ({
      actorId,
      correlationId: request.id ?? randomUUID(),
      causationId: null,
      traceparent: currentTraceparent() ?? (request.headers.traceparent as string | undefined),
    }),
  };
  useIdempotency(app, idempotencyOf(db, def.name));
  await def.register(ctx);
  const subscriptions: Subscription[] = [];
  for (const consumer of def.subscriptions ?? []) {
    // The publisher may not have started yet (cluster mode): its stream is created the same way it would create it.
    const publisher = serviceStream(consumer.stream.toLowerCase());
    await bus.ensureStream(publisher.stream, publisher.subjects);
    subscriptions.push(
      await startConsumer({ ...consumer, db, bus, log, tools: { aggregate: ctx.aggregate }, afterCommit: ctx.publishNow }),
    );
  }
  if (def.forget) subscriptions.push(await startForgetting({ service: def.name, db, bus, log, forgetting: def.forget }));
  if (def.exportPerson && options.identity) {
    subscriptions.push(
      await startPersonalDataExport({ service: def.name, db, bus, log, identity: options.identity, exportPerson: def.exportPerson }),
    );
  }
  if (options.relay !== false) relay.start();
  const jobs = Object.fromEntries([
    ...(def.jobs ?? []).map((job) => [job.name, startJob(job, ctx, log, def.name)] as const),
    [idempotencyKeysCleanup.name, startJob(idempotencyKeysCleanup, { db }, log, def.name)] as const,
  ]);
  const url = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  return {
    name: def.name,
    app,
    ctx,
    relay,
    jobs,
    url,
    stop: async () => {
      await drainAndClose(app, options.drainDelayMs ?? 0);
      for (const job of Object.values(jobs)) await job.stop();
      for (const s of subscriptions) await s.stop();
      await relay.stop();
      relay.forget();
    },
  };
}
