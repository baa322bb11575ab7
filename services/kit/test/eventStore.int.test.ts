import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appendToStream,
  type Database,
  type EventStoreTables,
  eventStoreMigration,
  migrateSchema,
  readAll,
  readStream,
} from '../src/index.ts';
import { databaseAdapters } from './adapters.ts';

const metadata = { actorId: null, correlationId: 'c', causationId: null };
const schema = 'store_contract';

describe.each(databaseAdapters)('event store on $name', ({ open }) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.forSchema<EventStoreTables>(schema);
  const append = (streamId: string, expectedVersion: number, types: string[]) =>
    db()
      .transaction()
      .execute((trx) =>
        appendToStream(trx, {
          schema,
          streamId,
          expectedVersion,
          events: types.map((type) => ({ type, data: { type } })),
          metadata,
          now: new Date(),
        }),
      );

  beforeAll(async () => {
    ({ database, drop } = await open());
    await migrateSchema(database, schema, [eventStoreMigration]);
  });
  afterAll(() => drop());

  it('appends events with consecutive versions and reads the stream back in order', async () => {
    const stream = `s-${randomUUID()}`;
    await append(stream, 0, ['A', 'B']);
    await append(stream, 2, ['C']);
    const events = await readStream(db(), stream);
    expect(events.map((e) => [e.streamVersion, e.type, e.data])).toEqual([
      [1, 'A', { type: 'A' }],
      [2, 'B', { type: 'B' }],
      [3, 'C', { type: 'C' }],
    ]);
    expect(events[0]?.metadata).toEqual(metadata);
  });

  it('rejects an append at a stale expected version with a 409 and keeps the stream unchanged', async () => {
    const stream = `s-${randomUUID()}`;
    await append(stream, 0, ['A']);
    await expect(append(stream, 0, ['B'])).rejects.toMatchObject({ statusCode: 409, code: 'STALE_VERSION' });
    expect((await readStream(db(), stream)).map((e) => e.type)).toEqual(['A']);
  });

  it('numbers events globally in commit order across streams', async () => {
    const before = (await readAll(db(), 0, 10_000)).at(-1)?.globalPosition ?? 0;
    await Promise.all(Array.from({ length: 8 }, (_, i) => append(`p-${i}-${randomUUID()}`, 0, ['X'])));
    const after = await readAll(db(), before, 100);
    expect(after).toHaveLength(8);
    const positions = after.map((e) => e.globalPosition);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('never updates or deletes: a failed transaction leaves no partial append', async () => {
    const stream = `s-${randomUUID()}`;
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await appendToStream(trx, {
            schema,
            streamId: stream,
            expectedVersion: 0,
            events: [{ type: 'A', data: {} }],
            metadata,
            now: new Date(),
          });
          throw new Error('projection failed');
        }),
    ).rejects.toThrow('projection failed');
    expect(await readStream(db(), stream)).toEqual([]);
  });
});
