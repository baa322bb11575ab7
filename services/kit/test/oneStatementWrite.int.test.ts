import { randomUUID } from 'node:crypto';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inline } from '../src/events/oneStatementWrite.ts';
import {
  bindAggregate,
  createError,
  type Database,
  type Decider,
  defineAggregate,
  kitMigrations,
  migrateSchema,
  readStream,
  type StoredEvent,
  storeOf,
  watchStatements,
  withCommitHooks,
} from '../src/index.ts';
import { databaseAdapters } from './adapters.ts';

const schema = 'one_statement';
const metadata = { actorId: null, correlationId: 'c', causationId: null };

type Event = { type: 'Opened'; data: { id: string } } | { type: 'Added'; data: { id: string; by: number; note: string; total: number } };
type Command = { type: 'Open'; id: string } | { type: 'Add'; by: number; note?: string };
interface State {
  id: string | null;
  total: number;
}
interface Tables {
  tallies: { id: string; total: number; note: string; version: number };
}
const decider: Decider<State, Command, Event> = {
  initialState: () => ({ id: null, total: 0 }),
  evolve: (state, event) => (event.type === 'Opened' ? { id: event.data.id, total: 0 } : { ...state, total: event.data.total }),
  decide: (command, state) => {
    if (command.type === 'Open') return state.id ? [] : [{ type: 'Opened', data: { id: command.id } }];
    if (!state.id) throw new Error('no such tally');
    return [{ type: 'Added', data: { id: state.id, by: command.by, note: command.note ?? '', total: state.total + command.by } }];
  },
};
async function project(trx: Kysely<Tables>, events: StoredEvent<Event>[]) {
  for (const e of events) {
    if (e.type === 'Opened')
      await trx.insertInto('tallies').values({ id: e.data.id, total: 0, note: '', version: e.streamVersion }).execute();
    else
      await trx
        .updateTable('tallies')
        .set({ total: e.data.total, note: e.data.note, version: e.streamVersion })
        .where('id', '=', e.data.id)
        .execute();
  }
}
const hot = defineAggregate<Tables, State, Command, Event>({ name: 'hot', decider, project, snapshotEvery: 3, retries: 3 });
const plain = defineAggregate<Tables, State, Command, Event>({ name: 'plain', decider, project });
/** The same tally, projected by a projection that reads first: it cannot be recorded ahead. */
const reading = defineAggregate<Tables, State, Command, Event>({
  name: 'reading',
  decider,
  project: async (trx, events) => {
    await trx.selectFrom('tallies').select('id').limit(1).execute();
    await project(trx, events);
  },
});
/** The same, its commands that arrive together decided in one transaction. */
const readingGrouped = defineAggregate<Tables, State, Command, Event>({ ...reading, name: 'grouped', groupCommit: true });

describe.each(databaseAdapters)('writes in one statement on $name', ({ open }) => {
  let database: Database;
  let drop: () => Promise<void>;
  let db: Kysely<Tables>;
  let kicks = 0;
  const bind = <A extends typeof hot>(aggregate: A) => bindAggregate({ db, schema, afterCommit: () => kicks++ }, aggregate);

  beforeAll(async () => {
    ({ database, drop } = await open());
    await migrateSchema(database, schema, [
      ...kitMigrations(),
      {
        name: '0001_tallies',
        up: async (m) => {
          await m.schema
            .createTable('tallies')
            .addColumn('id', 'text', (c) => c.primaryKey())
            .addColumn('total', 'integer', (c) => c.notNull())
            .addColumn('note', 'text', (c) => c.notNull())
            .addColumn('version', 'integer', (c) => c.notNull())
            .execute();
        },
      },
    ]);
    db = database.forSchema<Tables>(schema);
  }, 180_000);
  afterAll(() => drop?.());

  const statementsOf = async (fn: () => Promise<unknown>) => {
    const watch = watchStatements();
    await fn().finally(() => watch.stop());
    const sent = watch.stop();
    const ours = new Set(sent.filter((s) => s.sql.includes(`"${schema}"`)).map((s) => s.checkout));
    return sent.filter((s) => ours.has(s.checkout)).map((s) => s.sql);
  };

  it.each([
    ['plain', plain],
    ['hot', hot],
  ] as const)(
    'writes a %s stream in two statements (its read, then kit_write), projected and with its events stored',
    async (_, aggregate) => {
      const store = bind(aggregate);
      const id = randomUUID();
      await store.handle(id, { type: 'Open', id }, metadata);
      const before = kicks;
      // Quotes, a backslash and what looks like a parameter: the projection's statements are inlined.
      const note = `it's a \\ $1 '' "note"`;
      const statements = await statementsOf(() => store.handle(id, { type: 'Add', by: 5, note }, metadata));
      expect(statements).toHaveLength(2);
      expect(statements[1]).toContain('kit_write');
      expect(kicks).toBe(before + 1);
      expect(await db.selectFrom('tallies').selectAll().where('id', '=', id).executeTakeFirst()).toEqual({
        id,
        total: 5,
        note,
        version: 2,
      });
      const stored = await readStream(storeOf(db), `${aggregate.name}-${id}`);
      expect(stored.map((e) => [e.type, e.streamVersion])).toEqual([
        ['Opened', 1],
        ['Added', 2],
      ]);
      expect(stored[1]?.globalPosition).toBeGreaterThan(stored[0]?.globalPosition ?? Infinity);
    },
  );

  it('decides from the state the caller read, in kit_write alone, and again on what was appended after it', async () => {
    const store = bind(plain);
    const id = randomUUID();
    await store.handle(id, { type: 'Open', id }, metadata);
    // The projection's row holds the state and its version: what a route reads anyway.
    const row = await db.selectFrom('tallies').select(['total', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
    const known = { state: { id, total: row.total }, version: row.version };
    const statements = await statementsOf(() => store.handle(id, { type: 'Add', by: 2 }, metadata, { known }));
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('kit_write');
    // Now behind the stream: the write's version check hands back the event after it, and it decides again.
    const { state } = await store.handle(id, { type: 'Add', by: 3 }, metadata, { known });
    expect(state.total).toBe(5);
    const stored = await readStream<Event>(storeOf(db), `plain-${id}`);
    expect(stored.map((e) => [e.streamVersion, e.type === 'Added' ? e.data.total : null])).toEqual([
      [1, null],
      [2, 2],
      [3, 5],
    ]);
    expect((await db.selectFrom('tallies').select('total').where('id', '=', id).executeTakeFirst())?.total).toBe(5);
  });

  it('writes through a transaction when the projection reads, with the same result', async () => {
    const store = bind(reading);
    const id = randomUUID();
    await store.handle(id, { type: 'Open', id }, metadata);
    const statements = await statementsOf(() => store.handle(id, { type: 'Add', by: 2 }, metadata));
    expect(statements.some((s) => s.includes('kit_write'))).toBe(false);
    expect(statements).toContain('begin');
    expect((await db.selectFrom('tallies').select('total').where('id', '=', id).executeTakeFirst())?.total).toBe(2);
  });

  it('decides again on what another writer of a hot stream appended meanwhile: every write lands, none twice', async () => {
    // Two bindings: two replicas, each with its own view, neither waiting on the other in memory.
    const [a, b] = [bind(hot), bind(hot)];
    const id = randomUUID();
    await a.handle(id, { type: 'Open', id }, metadata);
    await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).handle(id, { type: 'Add', by: 1 }, metadata)));
    const stored = await readStream(storeOf(db), `hot-${id}`);
    expect(stored.map((e) => e.streamVersion)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    expect(stored.at(-1)?.data).toMatchObject({ total: 12 });
    expect((await db.selectFrom('tallies').select('total').where('id', '=', id).executeTakeFirst())?.total).toBe(12);
  });

  it("refuses the write with a commit hook's refusal when its statement changes no row, and writes nothing", async () => {
    const store = bind(hot);
    const id = randomUUID();
    await store.handle(id, { type: 'Open', id }, metadata);
    const Refused = createError('REFUSED_BY_HOOK', 'refused', 409);
    let after = 0;
    const hook = {
      before: async () => {},
      after: () => {
        after++;
      },
      inWrite: () => ({
        query: CompiledQuery.raw(`update "${schema}".tallies set note = $1 where id = $2`, ['x', 'no such id']),
        refusal: () => Refused(),
      }),
    };
    await expect(withCommitHooks([hook], () => store.handle(id, { type: 'Add', by: 1 }, metadata))).rejects.toMatchObject({
      code: 'REFUSED_BY_HOOK',
    });
    expect(after).toBe(0);
    expect(await readStream(storeOf(db), `hot-${id}`)).toHaveLength(1);
    const marking = {
      ...hook,
      inWrite: () => ({
        query: CompiledQuery.raw(`update "${schema}".tallies set note = $1 where id = $2`, ['marked', id]),
        refusal: () => Refused(),
      }),
    };
    await withCommitHooks([marking], () => store.handle(id, { type: 'Add', by: 1 }, metadata));
    expect(after).toBe(1);
    // The mark ran after the projection, in the same transaction.
    expect(await db.selectFrom('tallies').select(['note', 'total']).where('id', '=', id).executeTakeFirst()).toEqual({
      note: 'marked',
      total: 1,
    });
  });

  it("refuses on the transaction path only the command whose own commit hook refuses, and commits the others' together", async () => {
    const store = bind(readingGrouped);
    const id = randomUUID();
    await store.handle(id, { type: 'Open', id }, metadata);
    const Refused = createError('REFUSED_BY_HOOK', 'refused', 409);
    const committed: number[] = [];
    // Three requests at once, each with its hook (its key); the second's is held by someone else.
    const hookOf = (n: number) => ({
      before: async () => {
        if (n === 2) throw Refused();
      },
      after: () => void committed.push(n),
    });
    const results = await Promise.allSettled(
      [1, 2, 3].map((n) => withCommitHooks([hookOf(n)], () => store.handle(id, { type: 'Add', by: n }, metadata))),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[1]).toMatchObject({ reason: { code: 'REFUSED_BY_HOOK' } });
    expect(committed.sort()).toEqual([1, 3]);
    const stored = await readStream<Event>(storeOf(db), `grouped-${id}`);
    expect(stored.map((e) => (e.type === 'Added' ? e.data.by : 0))).toEqual([0, 1, 3]);
    expect((await db.selectFrom('tallies').select('total').where('id', '=', id).executeTakeFirst())?.total).toBe(4);
  });

  it('inlines parameters as untyped literals the server reads as the parameters', async () => {
    const query = CompiledQuery.raw(`select $1::int + $2::int as n, $3 as s, '$1' as kept, "$2" as q, $4::timestamptz as at`, [
      2,
      40,
      "o'k \\ done",
      new Date('2026-11-26T21:00:00.000Z'),
    ]);
    const text = inline(query);
    expect(text).toContain(`'$1' as kept`);
    const { rows } = await sql.raw<{ n: number; s: string; kept: string; at: Date }>(text.replace('"$2" as q, ', '')).execute(db);
    expect(rows[0]).toMatchObject({ n: 42, s: "o'k \\ done", kept: '$1' });
    expect(new Date(rows[0]?.at as Date).toISOString()).toBe('2026-11-26T21:00:00.000Z');
  });
});
