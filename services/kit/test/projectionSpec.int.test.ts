import { defineEvent } from '@commonwork/contracts';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Decider, defineAggregate, defineHandler, type ServiceMigration, type StoredEvent } from '../src/index.ts';
import { batchTime, projectionSpec, published, readModelSpec, SPEC_START } from '../src/testing/index.ts';

type NoteEvent =
  | { type: 'NoteWritten'; data: { noteId: string; text: string; price: number } }
  | { type: 'NoteErased'; data: { noteId: string } };
interface NotesTables {
  notes: { id: string; text: string; price: number; version: number; updated_at: Date };
  tallies: { word: string; seen: number };
}

const migrations: ServiceMigration[] = [
  {
    name: '0001_notes',
    async up(db) {
      await db.schema
        .createTable('notes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('text', 'text', (c) => c.notNull())
        // numeric: PostgreSQL hands it back as text, PGlite as a number; the spec compares either with a number.
        .addColumn('price', 'numeric', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('tallies')
        .addColumn('word', 'text', (c) => c.primaryKey())
        .addColumn('seen', 'integer', (c) => c.notNull())
        .execute();
    },
  },
];

const decider: Decider<null, NoteEvent, NoteEvent> = { initialState: () => null, evolve: (s) => s, decide: (command) => [command] };

/** Writes a note (a second write of one id updates it), erases one; the version is the stream's. */
async function projectNotes(trx: Kysely<NotesTables>, events: StoredEvent<NoteEvent>[]) {
  for (const e of events) {
    if (e.type === 'NoteErased') await trx.deleteFrom('notes').where('id', '=', e.data.noteId).execute();
    else if (e.data.text === 'twice')
      // A projection that breaks: the same key inserted twice.
      await trx
        .insertInto('notes')
        .values([0, 1].map(() => ({ id: e.data.noteId, text: 'twice', price: 0, version: 0, updated_at: e.occurredAt })))
        .execute();
    else
      await trx
        .insertInto('notes')
        .values({ id: e.data.noteId, text: e.data.text, price: e.data.price, version: e.streamVersion, updated_at: e.occurredAt })
        .onConflict((oc) => oc.column('id').doUpdateSet({ text: e.data.text, version: e.streamVersion, updated_at: e.occurredAt }))
        .execute();
  }
}

const noteAggregate = defineAggregate<NotesTables, null, NoteEvent, NoteEvent>({ name: 'note', decider, project: projectNotes });
const written = (noteId: string, text: string, price = 1): NoteEvent => ({ type: 'NoteWritten', data: { noteId, text, price } });
const erased = (noteId: string): NoteEvent => ({ type: 'NoteErased', data: { noteId } });

describe('projectionSpec', () => {
  const spec = projectionSpec({ schema: 'notes', migrations, aggregate: noteAggregate, idOf: (e) => e.data.noteId });

  it('appends the given events per instance and projects them: stream versions counted per note, at the batch time', () =>
    spec.given(written('a', 'first', 2.5), written('b', 'other'), written('a', 'second')).thenRows('notes', [
      { id: 'a', text: 'second', price: 2.5, version: 2, updated_at: SPEC_START },
      { id: 'b', text: 'other', version: 1, updated_at: SPEC_START },
    ]));

  it('projects each chained given in a later transaction, a minute on, its versions following the earlier ones', () =>
    spec
      .given(written('a', 'first'))
      .given(written('a', 'again'), erased('b'))
      .given(written('c', 'late'))
      .thenRows('notes', [
        { id: 'a', text: 'again', version: 2, updated_at: batchTime(1) },
        { id: 'c', version: 1, updated_at: batchTime(2) },
      ]));

  it('starts each scenario from empty tables and an empty store', async () => {
    await spec.given(written('x', 'one')).thenRows('notes', [{ id: 'x', version: 1 }]);
    await spec.given(written('y', 'two')).thenRows('notes', [{ id: 'y', version: 1 }]);
  });

  it('fails when the rows differ: one row too many, a wrong column, or a numeric value that is not the expected number', async () => {
    await expect(spec.given(written('a', 'one'), written('b', 'two')).thenRows('notes', [{ id: 'a' }])).rejects.toThrow();
    await expect(spec.given(written('a', 'one')).thenRows('notes', [{ id: 'a', text: 'other' }])).rejects.toThrow();
    await expect(spec.given(written('a', 'one', 3)).thenRows('notes', [{ id: 'a', price: 4 }])).rejects.toThrow();
  });

  it("interleaves writes of the service's own with the given events, and keeps them in the rows", () =>
    spec
      .given(written('a', 'one'))
      .meanwhile((db) => db.insertInto('tallies').values({ word: 'beside', seen: 1 }).execute())
      .given(erased('a'))
      .then(async (db) => {
        expect(await db.selectFrom('notes').selectAll().execute()).toEqual([]);
        expect(await db.selectFrom('tallies').selectAll().execute()).toEqual([{ word: 'beside', seen: 1 }]);
      }));

  it('hands over the database for checks of its own, and reports a projection that throws', async () => {
    await spec.given(written('a', 'one')).then(async (db) => {
      const stored = await db.selectFrom('notes').select('text').executeTakeFirstOrThrow();
      expect(stored.text).toBe('one');
    });
    await spec.given(written('a', 'twice')).thenThrows(/duplicate key|conflict|unique/i);
  });
});

const Worded = defineEvent('words.word.said', 1, z.object({ word: z.string() }));
const Noted = defineEvent('words.word.noted', 1, z.object({ noteId: z.string(), text: z.string() }));

describe('readModelSpec', () => {
  const tally = defineHandler<NotesTables, [typeof Worded]>([Worded], async (trx, event) => {
    await trx
      .insertInto('tallies')
      .values({ word: event.data.word, seen: 1 })
      .onConflict((oc) => oc.column('word').doUpdateSet((eb) => ({ seen: eb('tallies.seen', '+', 1) })))
      .execute();
  });
  // A reaction that decides: its events are appended and projected by the aggregate it names.
  const note = defineHandler<NotesTables, [typeof Noted]>([Noted], async (trx, event, tools) => {
    await tools.aggregate(noteAggregate).handleIn(trx, event.data.noteId, written(event.data.noteId, event.data.text), {
      actorId: null,
      correlationId: event.envelope.id,
      causationId: event.envelope.id,
    });
  });
  const spec = readModelSpec<NotesTables>({
    schema: 'words',
    migrations,
    subscriptions: [
      { durable: 'words-tally', stream: 'WORDS', filterSubject: 'words.word.said', handlers: [tally] },
      { durable: 'words-notes', stream: 'WORDS', filterSubject: 'words.word.>', handlers: [note] },
    ],
  });

  it("runs each subscription's handlers on the events its filter takes, each event once however often it comes", () => {
    const hello = published(Worded, { word: 'hello' });
    return spec
      .given(hello, published(Worded, { word: 'hello' }), published(Worded, { word: 'bye' }))
      .given(hello)
      .thenRows('tallies', [
        { word: 'bye', seen: 1 },
        { word: 'hello', seen: 2 },
      ]);
  });

  it("binds the service's aggregates for reactions that decide: their events are stored and projected", () =>
    spec.given(published(Noted, { noteId: 'n1', text: 'from afar' })).thenRows('notes', [{ id: 'n1', text: 'from afar', version: 1 }]));

  it('refuses an event of a version the contract does not know, with the consumer’s own error', () =>
    spec.given({ ...published(Worded, { word: 'hi' }), version: 2 }).thenThrows('version 2 is not understood'));

  it('gives the envelope the time asked for', () => {
    const at = new Date('2026-03-01T00:00:00Z').toISOString();
    expect(published(Worded, { word: 'x' }, { occurredAt: at })).toMatchObject({ type: 'words.word.said', version: 1, occurredAt: at });
  });
});
