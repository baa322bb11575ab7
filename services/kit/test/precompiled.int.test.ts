import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, precompiled } from '../src/index.ts';
import { databaseAdapters } from './adapters.ts';

interface Tables {
  tallies: { name: string; kind: string; count: number };
}

/** Adds to a tally, starting it at the amount: a statement with a subquery, a constant and the same value twice. */
const addToTally = precompiled((db: Kysely<Tables>, { name, amount }: { name: string; amount: number }) =>
  db
    .insertInto('tallies')
    .values({ name, kind: 'plain', count: amount })
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ count: eb('tallies.count', '+', amount) })))
    .returning(['name', 'kind', 'count']),
);

describe.each(databaseAdapters)('a precompiled statement on $name', (adapter) => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await adapter.open());
    for (const schema of ['precompiled_a', 'precompiled_b']) {
      await sql`create schema if not exists ${sql.id(schema)}`.execute(database.root);
      await sql`create table ${sql.table(`${schema}.tallies`)} (name text primary key, kind text not null, count int not null)`.execute(
        database.root,
      );
    }
  });
  afterAll(() => drop());

  const tallies = (schema: string) =>
    database.forSchema<Tables>(schema).selectFrom('tallies').select(['name', 'kind', 'count']).orderBy('name').execute();

  it("sends each call's values, in its database's schema, in a transaction too", async () => {
    const a = database.forSchema<Tables>('precompiled_a');
    const b = database.forSchema<Tables>('precompiled_b');
    expect((await addToTally.execute(a, { name: 'ada', amount: 2 })).rows).toEqual([{ name: 'ada', kind: 'plain', count: 2 }]);
    await addToTally.execute(a, { name: 'ada', amount: 3 });
    await addToTally.execute(a, { name: 'bo', amount: 1 });
    // Another schema: compiled for it, not sent to the first one's table.
    await addToTally.execute(b, { name: 'ada', amount: 7 });
    await a.transaction().execute(async (trx) => {
      await addToTally.execute(trx, { name: 'bo', amount: 10 });
    });
    expect(await tallies('precompiled_a')).toEqual([
      { name: 'ada', kind: 'plain', count: 5 },
      { name: 'bo', kind: 'plain', count: 11 },
    ]);
    expect(await tallies('precompiled_b')).toEqual([{ name: 'ada', kind: 'plain', count: 7 }]);
  });

  it('leaves nothing behind when its transaction is rolled back', async () => {
    const a = database.forSchema<Tables>('precompiled_a');
    const before = await tallies('precompiled_a');
    await expect(
      a.transaction().execute(async (trx) => {
        await addToTally.execute(trx, { name: 'cy', amount: 1 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await tallies('precompiled_a')).toEqual(before);
  });
});
