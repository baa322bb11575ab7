import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@commonwork/contracts';
import type { FastifyRequest } from 'fastify';
import type { TokenVerifier } from './auth/verifier.ts';
import type { AnyDb, Database } from './db/database.ts';
import { migrateSchema, type ServiceMigration } from './db/migrations.ts';
import { type EventBus, type Subscription, serviceStream } from './events/bus.ts';
import { type ConsumerOptions, startConsumer } from './events/consumer.ts';
import { OutboxRelay, type PublishMapper, toEnvelope } from './events/outbox.ts';
import { eventStoreMigration } from './events/storeMigration.ts';
import { type App, createApp } from './http/app.ts';
import type { Logger } from './logger.ts';
import { currentTraceparent } from './telemetry.ts';

/** What a service's code gets from the runtime. */
export interface ServiceContext {
  name: string;
  app: App;
  db: AnyDb;
  bus: EventBus;
  log: Logger;
  verifier: TokenVerifier;
  /** Wakes the outbox relay after a commit. */
  published: () => void;
  /** Event metadata for a command caused by an HTTP request. */
  metadataFor: (request: FastifyRequest, actorId: string | null) => EventMetadata;
}

/** A service as the runtime starts it; every service has this same shape. */
export interface ServiceDefinition {
  name: string;
  migrations: ServiceMigration[];
  /** Chooses what of the stored events is published; default: all, as stored. */
  publishMap?: PublishMapper;
  register: (ctx: ServiceContext) => void | Promise<void>;
  consumers?: (ctx: ServiceContext) => Omit<ConsumerOptions, 'db' | 'bus' | 'log'>[];
}

export interface RunningService {
  name: string;
  app: App;
  ctx: ServiceContext;
  relay: OutboxRelay;
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
}

/**
 * Boots a service the same way in both run modes: migrate its schema, register its routes, start
 * the outbox relay and its consumers, then listen.
 */
export async function startService(def: ServiceDefinition, options: StartOptions): Promise<RunningService> {
  const { database, bus, verifier } = options;
  const log = options.log.child({ service: def.name });
  await migrateSchema(database, def.name, [eventStoreMigration, ...def.migrations]);
  const { stream, subjects } = serviceStream(def.name);
  await bus.ensureStream(stream, subjects);

  const db = database.forSchema(def.name);
  const relay = new OutboxRelay({ db, bus, log, map: def.publishMap ?? toEnvelope });
  const app = createApp({
    logger: log,
    readiness: [
      { name: 'database', check: () => database.ping() },
      { name: 'bus', check: () => bus.ping() },
    ],
  });
  const ctx: ServiceContext = {
    name: def.name,
    app,
    db,
    bus,
    log,
    verifier,
    published: () => relay.kick(),
    metadataFor: (request, actorId) => ({
      actorId,
      correlationId: request.id ?? randomUUID(),
      causationId: null,
      traceparent: currentTraceparent() ?? (request.headers.traceparent as string | undefined),
    }),
  };
  await def.register(ctx);
  const subscriptions: Subscription[] = [];
  for (const consumer of def.consumers?.(ctx) ?? []) {
    // The publisher may not have started yet (cluster mode): its stream is created the same way it would create it.
    const publisher = serviceStream(consumer.stream.toLowerCase());
    await bus.ensureStream(publisher.stream, publisher.subjects);
    subscriptions.push(await startConsumer({ ...consumer, db, bus, log }));
  }
  if (options.relay !== false) relay.start();
  const url = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  log.info({ url }, 'service listening');
  return {
    name: def.name,
    app,
    ctx,
    relay,
    url,
    stop: async () => {
      await app.close();
      for (const s of subscriptions) await s.stop();
      await relay.stop();
    },
  };
}
