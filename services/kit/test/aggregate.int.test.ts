import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bindAggregate,
  type Database,
  type Decider,
  defineAggregate,
  kitMigrations,
  migrateSchema,
  type Projections,
  readStream,
  rebuildProjections,
  type StoredEvent,
  storeOf,
} from '../src/index.ts';
import { databaseAdapters } from './adapters.ts';

const schema = 'aggregate_contract';
const metadata = { actorId: null, correlationId: 'c', causationId: null };

// A counter: the smallest aggregate with a rule (it never goes below zero) and a read table.
type CounterEvent = { type: 'Opened'; data: { id: string } } | { type: 'Added'; data: { id: string; by: number; total: number } };
type CounterCommand = { type: 'Open'; id: string } | { type: 'Add'; by: number };
interface CounterState {
  id: string | null;
  total: number;
}
interface Tables {
  counters: { id: string; total: number; version: number };
}
const counter: Decider<CounterState, CounterCommand, CounterEvent> = {
  initialState: () => ({ id: null, total: 0 }),
  evolve: (state, event) => (event.type === 'Opened' ? { id: event.data.id, total: 0 } : { ...state, total: state.total + event.data.by }),
  decide: (command, state) => {
    if (command.type === 'Open') return state.id ? [] : [{ type: 'Opened', data: { id: command.id } }];
    if (!state.id) throw new Error('no such counter');
    if (state.total + command.by < 0) throw new Error('below zero');
    return [{ type: 'Added', data: { id: state.id, by: command.by, total: state.total + command.by } }];
  },
};
async function project(trx: Kysely<Tables>, events: StoredEvent<CounterEvent>[]) {
  for (const e of events) {
    if (e.type === 'Opened') await trx.insertInto('counters').values({ id: e.data.id, total: 0, version: e.streamVersion }).execute();
    else await trx.updateTable('counters').set({ total: e.data.total, version: e.streamVersion }).where('id', '=', e.data.id).execute();
  }
}
const hot = defineAggregate<Tables, CounterState, CounterCommand, CounterEvent>({
  name: 'hot',
  decider: counter,
  project,
  snapshotEvery: 3,
  retries: 3,
  versions: { Added: 2 },
});
const plain = defineAggregate<Tables, CounterState, CounterCommand, CounterEvent>({ name: 'plain', decider: counter, project });
const grouped = defineAggregate<Tables, CounterState, CounterCommand, CounterEvent>({ ...hot, name: 'grouped', groupCommit: true });
const bounded = defineAggregate<Tables, CounterState, CounterCommand, CounterEvent>({ ...grouped, name: 'bounded', queueLimit: 5 });

describe.each(databaseAdapters)('aggregate store on $name', ({ open }) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.forSchema<Tables>(schema);
  /** The binding a service gets from `ctx.aggregate`, counting the outbox wake-ups. */
  const bind = (aggregate: typeof hot) => {
    let commits = 0;
    const store = bindAggregate({ db: db(), schema, afterCommit: () => commits++ }, aggregate);
    return { ...store, commits: () => commits };
  };
  const snapshotOf = (streamId: string) =>
    storeOf(db()).selectFrom('snapshots').selectAll().where('stream_id', '=', streamId).executeTakeFirst();

  beforeAll(async () => {
    ({ database, drop } = await open());
    await migrateSchema(database, schema, [
      ...kitMigrations(),
      {
        name: '0001_counters',
        up: (m) =>
          m.schema
            .createTable('counters')
            .addColumn('id', 'text', (c) => c.primaryKey())
            .addColumn('total', 'integer')
            .addColumn('version', 'integer')
            .execute(),
      },
    ]);
  });
  afterAll(() => drop());

  it('decides on the folded stream, appends, projects in the same transaction and wakes the outbox once per commit', async () => {
    const id = randomUUID();
    const store = bind(plain);
    await store.handle(id, { type: 'Open', id }, metadata);
    const { state, events } = await store.handle(id, { type: 'Add', by: 5 }, metadata);
    expect(state).toEqual({ id, total: 5 });
    expect(events.map((e) => [e.type, e.streamVersion])).toEqual([['Added', 2]]);
    expect(await db().selectFrom('counters').selectAll().where('id', '=', id).executeTakeFirst()).toEqual({ id, total: 5, version: 2 });
    // A decision with no events writes nothing and wakes nobody.
    await store.handle(id, { type: 'Open', id }, metadata);
    expect(store.commits()).toBe(2);
    await expect(store.handle(id, { type: 'Add', by: -9 }, metadata)).rejects.toThrow('below zero');
    expect((await readStream(storeOf(db()), `plain-${id}`)).length).toBe(2);
  });

  it('gives a concurrent writer of a plain stream a 409, never a silent merge', async () => {
    const id = randomUUID();
    const store = bind(plain);
    await store.handle(id, { type: 'Open', id }, metadata);
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => store.handle(id, { type: 'Add', by: 1 }, metadata)));
    const rejected = results.filter((r) => r.status === 'rejected');
    for (const r of rejected) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'STALE_VERSION', statusCode: 409 });
    expect(rejected.length).toBeLessThan(8);
    const { total } = (await db().selectFrom('counters').select('total').where('id', '=', id).executeTakeFirst()) ?? { total: -1 };
    expect(total).toBe(8 - rejected.length);
    expect((await readStream(storeOf(db()), `plain-${id}`)).length).toBe(1 + total);
  });

  it('queues concurrent writers of a hot stream on its snapshot: every write lands, in order, and the snapshot keeps up', async () => {
    const id = randomUUID();
    const store = bind(hot);
    await store.handle(id, { type: 'Open', id }, metadata);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => store.handle(id, { type: 'Add', by: 1 }, metadata)));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const stream = await readStream<CounterEvent>(storeOf(db()), `hot-${id}`);
    expect(stream.map((e) => e.streamVersion)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(stream.slice(1).map((e) => (e.type === 'Added' ? e.data.total : 0))).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // Written at most every 3 events: never more than 2 behind, and its state is the fold at its version.
    const snapshot = await snapshotOf(`hot-${id}`);
    expect(snapshot?.version).toBeGreaterThanOrEqual(19);
    expect(snapshot?.state).toEqual({ id, total: (snapshot?.version ?? 0) - 1 });
    expect(await db().selectFrom('counters').select('total').where('id', '=', id).executeTakeFirst()).toEqual({ total: 20 });
  });

  it('decides from the snapshot plus the events after it, so a snapshot is the state, not a cache beside it', async () => {
    const id = randomUUID();
    const store = bind(hot);
    await store.handle(id, { type: 'Open', id }, metadata);
    await store.handle(id, { type: 'Add', by: 4 }, metadata);
    // The snapshot (taken at the stream's start) says otherwise: the decision folds the events after it onto it.
    await storeOf(db())
      .updateTable('snapshots')
      .set({ state: JSON.stringify({ id, total: 100 }) })
      .where('stream_id', '=', `hot-${id}`)
      .execute();
    const { state } = await store.handle(id, { type: 'Add', by: 1 }, metadata);
    expect(state.total).toBe(105);
  });

  it('decides many turns on several streams as one write: each on the state the ones before left, a refusal only its own', async () => {
    const [x, y] = [randomUUID(), randomUUID()];
    const store = bind(plain);
    await store.handle(x, { type: 'Open', id: x }, metadata);
    const turn = (id: string, command: CounterCommand, correlationId: string) => ({
      id,
      metadata: { ...metadata, correlationId },
      decide: (state: CounterState) => counter.decide(command, state),
    });
    const outcomes = await db()
      .transaction()
      .execute((trx) =>
        store.handleAllIn(trx, [
          turn(x, { type: 'Add', by: 2 }, 't1'),
          turn(y, { type: 'Open', id: y }, 't2'),
          turn(x, { type: 'Add', by: -5 }, 't3'),
          turn(y, { type: 'Add', by: 4 }, 't4'),
          turn(x, { type: 'Add', by: 3 }, 't5'),
        ]),
      );
    expect(outcomes.map((o) => (o.ok ? o.state : String(o.error)))).toEqual([
      { id: x, total: 2 },
      { id: y, total: 0 },
      'Error: below zero',
      { id: y, total: 4 },
      { id: x, total: 5 },
    ]);
    const xStream = await readStream<CounterEvent>(storeOf(db()), `plain-${x}`);
    expect(xStream.map((e) => [e.streamVersion, e.metadata.correlationId])).toEqual([
      [1, 'c'],
      [2, 't1'],
      [3, 't5'],
    ]);
    const rows = await db().selectFrom('counters').selectAll().where('id', 'in', [x, y]).orderBy('total').execute();
    expect(rows).toEqual([
      { id: y, total: 4, version: 2 },
      { id: x, total: 5, version: 3 },
    ]);
  });

  it('decides turns on hot streams from their locked snapshots, keeping each snapshot as one decision would', async () => {
    const [x, y] = [randomUUID(), randomUUID()];
    const store = bind(hot);
    const turn = (id: string, command: CounterCommand) => ({
      id,
      metadata,
      decide: (state: CounterState) => counter.decide(command, state),
    });
    const inOne = (turns: ReturnType<typeof turn>[]) =>
      db()
        .transaction()
        .execute((trx) => store.handleAllIn(trx, turns));
    await inOne([turn(x, { type: 'Open', id: x }), turn(y, { type: 'Open', id: y }), turn(x, { type: 'Add', by: 1 })]);
    // A stream's first write leaves its snapshot row (what later writers lock).
    expect(await snapshotOf(`hot-${x}`)).toMatchObject({ version: 2, state: { id: x, total: 1 } });
    expect(await snapshotOf(`hot-${y}`)).toMatchObject({ version: 1, state: { id: y, total: 0 } });
    // The snapshot says otherwise: the turns fold the events after it onto it.
    await storeOf(db())
      .updateTable('snapshots')
      .set({ state: JSON.stringify({ id: x, total: 100 }) })
      .where('stream_id', '=', `hot-${x}`)
      .execute();
    const outcomes = await inOne([turn(x, { type: 'Add', by: 2 }), turn(y, { type: 'Add', by: 3 }), turn(x, { type: 'Add', by: 4 })]);
    expect(outcomes.map((o) => (o.ok ? o.state.total : String(o.error)))).toEqual([102, 3, 106]);
    // Two events past its snapshot (every 3): not rewritten yet; the next turn makes three.
    expect((await snapshotOf(`hot-${x}`))?.version).toBe(2);
    await inOne([turn(x, { type: 'Add', by: 1 })]);
    expect(await snapshotOf(`hot-${x}`)).toMatchObject({ version: 5, state: { id: x, total: 107 } });
    expect((await readStream<CounterEvent>(storeOf(db()), `hot-${x}`)).map((e) => e.streamVersion)).toEqual([1, 2, 3, 4, 5]);
  });

  it("writes each stored event with its type's schema version", async () => {
    const id = randomUUID();
    await bind(hot).handle(id, { type: 'Open', id }, metadata);
    await bind(hot).handle(id, { type: 'Add', by: 2 }, metadata);
    expect((await readStream(storeOf(db()), `hot-${id}`)).map((e) => [e.type, e.version])).toEqual([
      ['Opened', 1],
      ['Added', 2],
    ]);
  });

  it('rebuilds the declared tables from the store and drops snapshots, which the next write folds again', async () => {
    const id = randomUUID();
    const store = bind(hot);
    await store.handle(id, { type: 'Open', id }, metadata);
    for (let i = 0; i < 4; i++) await store.handle(id, { type: 'Add', by: 2 }, metadata);
    const live = await db().selectFrom('counters').selectAll().orderBy('id').execute();
    const projections: Projections<Tables> = { schema, tables: ['counters'], aggregates: [hot, plain] };
    expect(await rebuildProjections(database, projections)).toBeGreaterThanOrEqual(5);
    expect(await db().selectFrom('counters').selectAll().orderBy('id').execute()).toEqual(live);
    expect(await snapshotOf(`hot-${id}`)).toBeUndefined();
    expect((await store.handle(id, { type: 'Add', by: 1 }, metadata)).state.total).toBe(9);
    expect(await snapshotOf(`hot-${id}`)).toMatchObject({ version: 6, state: { id, total: 9 } });
  });

  it('decides a burst on one stream in shared transactions: each command its own answer, a refusal only its own', async () => {
    const id = randomUUID();
    const store = bind(grouped);
    await store.handle(id, { type: 'Open', id }, metadata);
    const commitsBefore = store.commits();
    // Ten adds of 1 and ten subtractions of 2 at once, in alternation: whichever order they land in,
    // a subtraction that would go below zero is refused alone, and every other command lands.
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => store.handle(id, { type: 'Add', by: i % 2 === 0 ? 1 : -2 }, metadata)),
    );
    const landed = answers.filter((a) => a.status === 'fulfilled');
    const refused = answers.filter((a) => a.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((a) => (a as PromiseRejectedResult).reason.message === 'below zero')).toBe(true);
    const stream = await readStream<CounterEvent>(storeOf(db()), `grouped-${id}`);
    expect(stream).toHaveLength(1 + landed.length);
    expect(stream.map((e) => e.streamVersion)).toEqual(stream.map((_, i) => i + 1));
    const total = stream.reduce((sum, e) => sum + (e.type === 'Added' ? e.data.by : 0), 0);
    expect(total).toBeGreaterThanOrEqual(0);
    expect((await db().selectFrom('counters').selectAll().where('id', '=', id).executeTakeFirst())?.total).toBe(total);
    // Each answer carries the state its own command left, and its own events.
    for (const answer of landed) {
      const { state, events } = (answer as PromiseFulfilledResult<{ state: CounterState; events: StoredEvent<CounterEvent>[] }>).value;
      const [event] = events;
      expect(event?.type === 'Added' && state.total).toBe(event?.type === 'Added' && event.data.total);
    }
    // The burst after the first command shared transactions: fewer commits than commands.
    expect(store.commits() - commitsBefore).toBeLessThan(landed.length);
  });

  it('keeps each command of a shared transaction under its own metadata', async () => {
    const id = randomUUID();
    const store = bind(grouped);
    await store.handle(id, { type: 'Open', id }, metadata);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => store.handle(id, { type: 'Add', by: 1 }, { ...metadata, correlationId: `c${i}` })),
    );
    for (const [i, { events }] of answers.entries()) expect(events.map((e) => e.metadata.correlationId)).toEqual([`c${i}`]);
    const stream = await readStream<CounterEvent>(storeOf(db()), `grouped-${id}`);
    expect(new Set(stream.slice(1).map((e) => e.metadata.correlationId))).toEqual(new Set(answers.map((_, i) => `c${i}`)));
  });

  it('refuses at once, with 503 BUSY, the commands past the queue limit, and lands the others', async () => {
    const id = randomUUID();
    const store = bind(bounded);
    await store.handle(id, { type: 'Open', id }, metadata);
    // The first five wait for the transaction the next turn starts; the rest find the queue full.
    const answers = await Promise.allSettled(Array.from({ length: 12 }, () => store.handle(id, { type: 'Add', by: 1 }, metadata)));
    const refused = answers.flatMap((a) => (a.status === 'rejected' ? [a.reason] : []));
    expect(refused).toHaveLength(7);
    for (const reason of refused) expect(reason).toMatchObject({ statusCode: 503, code: 'BUSY' });
    const stream = await readStream<CounterEvent>(storeOf(db()), `bounded-${id}`);
    expect(stream).toHaveLength(1 + 5);
    expect((await db().selectFrom('counters').selectAll().where('id', '=', id).executeTakeFirst())?.total).toBe(5);
  });

  it('groups and bounds commands that arrive in separate callbacks of one turn, as requests read from several sockets do', async () => {
    const id = randomUUID();
    const store = bind(bounded);
    await store.handle(id, { type: 'Open', id }, metadata);
    const commitsBefore = store.commits();
    // Each command from a callback of its own: PGlite answers without leaving the process, so a
    // transaction started in the first callback would commit before the second one ran.
    const answers = await Promise.allSettled(
      Array.from(
        { length: 12 },
        () =>
          new Promise((resolve, reject) => setImmediate(() => store.handle(id, { type: 'Add', by: 1 }, metadata).then(resolve, reject))),
      ),
    );
    const refused = answers.flatMap((a) => (a.status === 'rejected' ? [a.reason] : []));
    expect(refused).toHaveLength(12 - 5);
    for (const reason of refused) expect(reason).toMatchObject({ statusCode: 503, code: 'BUSY' });
    expect(store.commits() - commitsBefore).toBe(1);
    expect((await db().selectFrom('counters').selectAll().where('id', '=', id).executeTakeFirst())?.total).toBe(5);
  });
});
