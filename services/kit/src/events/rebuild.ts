import type { EventEnvelope } from '@commonwork/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { AnyDb, Database } from '../db/database.ts';
import { subjectMatches } from './bus.ts';
import { type EventHandler, type HandlerTools, parseConsumed, type ServiceSubscription } from './consumer.ts';
import { type DomainEvent, readAll, type StoredEvent, storeOf } from './eventStore.ts';
import { type PublishMapper, toEnvelope } from './outbox.ts';

/** What a rebuild needs of an aggregate (every `Aggregate` is one): its stream name and its projection. */
export interface Projector<DB> {
  name: string;
  project(trx: Kysely<DB>, events: StoredEvent[]): Promise<void>;
}

/** What a service publishes, as a rebuild of the read models other services keep of it reads it. */
export interface Publisher {
  schema: string;
  // A method: a service's mapper of its own events is one (a method's parameter is compared both ways).
  publish?(event: StoredEvent): EventEnvelope | null;
}

/**
 * A service's read side as a rebuild sees it: its schema, the read tables of its own events and its
 * aggregates; the read models it keeps of other services' events (its subscriptions' `defineReadModel`
 * handlers); what it publishes, for the read models others keep of it; and the tables no rebuild touches.
 */
export interface Projections<DB, E extends DomainEvent = DomainEvent> {
  schema: string;
  /** The read tables the service's own events fill, emptied before the replay. */
  tables: readonly (keyof DB & string)[];
  aggregates: readonly Projector<DB>[];
  /** Every subscription the service has (`handlers/index.ts`): their read-model handlers are replayed, their reactions never. */
  subscriptions?: readonly ServiceSubscription<DB>[];
  /** The service's `publish` (src/publish.ts); none: every stored event is published as it is. */
  publish?: PublishMapper<E>;
  /**
   * Tables of the service that are not read models, with why a rebuild leaves them as they are
   * (bytes, counters kept outside events, what a job has done): the rebuild check finds every other
   * table among the rebuilt ones.
   */
  kept?: { readonly [T in keyof DB & string]?: string };
  /**
   * Tables that count changes to others (kept by triggers, as a cache's version): a rebuild changes
   * those tables, so it moves these on, as it must for the caches to refresh. The rebuild check finds
   * them declared but does not compare their rows.
   */
  versions?: { readonly [T in keyof DB & string]?: string };
}

const BATCH = 500;

/** A subscription's read-model handlers and where their events come from. */
interface Feed<DB> {
  subscription: ServiceSubscription<DB>;
  handlers: readonly EventHandler<DB>[];
  publisher: Publisher;
}

/** The read tables a service keeps of other services' events, as its `defineReadModel` handlers declare them. */
export function readModelTables<DB>(projections: Pick<Projections<DB>, 'subscriptions'>): (keyof DB & string)[] {
  const tables = (projections.subscriptions ?? []).flatMap((s) => s.handlers.flatMap((h) => h.readModel ?? []));
  return [...new Set(tables)];
}

function feedsOf<DB>(projections: Pick<Projections<DB>, 'schema' | 'subscriptions'>, publishers: readonly Publisher[]): Feed<DB>[] {
  return (projections.subscriptions ?? []).flatMap((subscription) => {
    const handlers = subscription.handlers.filter((h) => h.readModel);
    if (handlers.length === 0) return [];
    const schema = subscription.stream.toLowerCase();
    const publisher = publishers.find((p) => p.schema === schema);
    if (!publisher)
      throw new Error(`${projections.schema}'s ${subscription.durable} reads ${schema}'s events, and ${schema} was not given`);
    return [{ subscription, handlers, publisher }];
  });
}

/**
 * Rebuilds a service's read side in one transaction, so readers see the old tables or the new ones
 * and never a half-built state. Its own event store is replayed into the emptied read tables of its
 * own events: consecutive events of one aggregate are projected together, so projectors can batch
 * their inserts. Snapshots are dropped with the tables: they are folded again from the events on the
 * next write.
 *
 * Given the platform's `publishers`, the read models the service keeps of other services' events are
 * emptied and rebuilt too: each publisher's store, mapped by its `publish` into what it published, is
 * replayed into the subscription's read-model handlers (never its reactions). Only the events that
 * subscription has already handled (`processed_events`) are replayed: the table comes back as the
 * consumer had it, and what it has not taken yet it takes as it would have, with its reactions.
 *
 * Returns how many events were replayed, the service's own and the other services' together.
 */
export async function rebuildProjections<DB, E extends DomainEvent>(
  database: Database,
  projections: Projections<DB, E>,
  publishers?: readonly Publisher[],
): Promise<number> {
  const { schema } = projections;
  const feeds = publishers ? feedsOf(projections, publishers) : [];
  const tables = [...new Set([...projections.tables, ...(publishers ? readModelTables(projections) : [])])];
  const byName = new Map(projections.aggregates.map((a) => [a.name, a]));
  const projectorOf = (event: StoredEvent) => {
    const projector = byName.get(event.streamId.slice(0, event.streamId.indexOf('-')));
    if (!projector) throw new Error(`No aggregate of ${schema} projects stream ${event.streamId}`);
    return projector;
  };
  let replayed = 0;
  await database.root.transaction().execute(async (root) => {
    const trx = root.withSchema(schema) as unknown as Transaction<DB>;
    for (const table of tables) await sql`delete from ${sql.table(`${schema}.${table}`)}`.execute(root);
    const store = storeOf(trx);
    await store.deleteFrom('snapshots').execute();
    for (let position = 0; ; ) {
      const batch = await readAll(store, position, BATCH);
      if (batch.length === 0) break;
      for (const run of runsOf(batch, projectorOf)) await run.projector.project(trx, run.events);
      position = batch.at(-1)?.globalPosition ?? position;
      replayed += batch.length;
    }
    for (const feed of feeds) replayed += await replayFeed(root, trx, feed);
  });
  return replayed;
}

/** One service's read side, its tables' types erased: what a rebuild of the whole platform takes of each service. */
export interface ServiceReadSide extends Publisher {
  /** The tables a rebuild empties and fills again: its own events' read tables and the read models it keeps of others' events. */
  rebuilt: readonly string[];
  /** The tables a rebuild leaves as they are (`Projections.kept`). */
  kept: readonly string[];
  /** The tables a rebuild moves on (`Projections.versions`). */
  versions: readonly string[];
  /** Rebuilds the service's read side from its own store and, through `publishers`, the other services'. */
  rebuild(database: Database, publishers: readonly Publisher[]): Promise<number>;
}

/** A service's projections as the platform's rebuild takes them. */
export function readSide<DB, E extends DomainEvent>(projections: Projections<DB, E>): ServiceReadSide {
  const { schema, publish } = projections;
  return {
    schema,
    ...(publish && { publish: (event: StoredEvent) => publish(event as StoredEvent<E>) }),
    rebuilt: [...new Set([...projections.tables, ...readModelTables(projections)])],
    kept: Object.keys(projections.kept ?? {}),
    versions: Object.keys(projections.versions ?? {}),
    rebuild: (database, publishers) => rebuildProjections(database, projections, publishers),
  };
}

/**
 * `npm run rebuild`: rebuilds each service's read side (or those `only` names), each in its own
 * transaction, every service being a publisher for the others' read models. A service not started
 * on this database yet (no schema) is left out. Returns the events each service replayed.
 */
export async function rebuildPlatform(
  database: Database,
  services: readonly ServiceReadSide[],
  only: readonly string[] = services.map((s) => s.schema),
): Promise<{ schema: string; replayed: number; ms: number }[]> {
  const { rows } = await sql<{ schema: string }>`select schema_name as schema from information_schema.schemata`.execute(database.root);
  const started = new Set(rows.map((row) => row.schema));
  const done: { schema: string; replayed: number; ms: number }[] = [];
  for (const service of services.filter((s) => started.has(s.schema) && only.includes(s.schema))) {
    const since = Date.now();
    const replayed = await service.rebuild(database, services);
    done.push({ schema: service.schema, replayed, ms: Date.now() - since });
  }
  return done;
}

// A read-model handler is given no tools (`defineReadModel`); this answers one that asks anyway.
const noTools = <DB>(durable: string): HandlerTools<DB> => ({
  aggregate: () => {
    throw new Error(`${durable}: a read model is rebuilt without aggregates; a handler that decides is a reaction`);
  },
});

/** Replays a publisher's store, as it published it, into one subscription's read-model handlers: what the subscription had taken. */
async function replayFeed<DB>(root: Transaction<unknown>, trx: Transaction<DB>, feed: Feed<DB>): Promise<number> {
  const { subscription, handlers, publisher } = feed;
  // A publisher not started on this database has published nothing the subscription could have taken.
  const { rows } = await sql<{ store: string | null }>`select to_regclass(${`${publisher.schema}.event_store`})::text as store`.execute(
    root,
  );
  if (!rows[0]?.store) return 0;
  const source = storeOf(root.withSchema(publisher.schema) as AnyDb);
  const publish = (event: StoredEvent) => (publisher.publish ? publisher.publish(event) : toEnvelope(event));
  const contracts = handlers.flatMap((h) => h.handles);
  const tools = noTools<DB>(subscription.durable);
  let replayed = 0;
  for (let position = 0; ; ) {
    const batch = await readAll(source, position, BATCH);
    if (batch.length === 0) break;
    position = batch.at(-1)?.globalPosition ?? position;
    const envelopes = batch.flatMap((event) => {
      const envelope = publish(event);
      const wanted =
        envelope && subjectMatches(subscription.filterSubject, envelope.type) && contracts.some((c) => c.type === envelope.type);
      return wanted ? [envelope] : [];
    });
    if (envelopes.length === 0) continue;
    const taken = await storeOf(trx)
      .selectFrom('processed_events')
      .select('event_id')
      .where('consumer', '=', subscription.durable)
      .where(
        'event_id',
        'in',
        envelopes.map((e) => e.id),
      )
      .execute();
    const handled = new Set(taken.map((row) => row.event_id));
    for (const envelope of envelopes) {
      if (!handled.has(envelope.id)) continue;
      const event = parseConsumed(contracts, envelope);
      if (!event) continue;
      for (const handler of handlers) if (handler.handles.some((c) => c.type === envelope.type)) await handler.handle(trx, event, tools);
      replayed++;
    }
  }
  return replayed;
}

function runsOf<P>(events: StoredEvent[], projectorOf: (event: StoredEvent) => P) {
  const runs: { projector: P; events: StoredEvent[] }[] = [];
  for (const event of events) {
    const projector = projectorOf(event);
    const last = runs.at(-1);
    if (last?.projector === projector) last.events.push(event);
    else runs.push({ projector, events: [event] });
  }
  return runs;
}
