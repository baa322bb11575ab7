import { createTestDatabase } from '@commonwork/kit/testing';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { prepareFirstStart, startFlags } from './demo/firstStart.ts';
import { platformContents } from './demo/seedDemo.ts';

/** A small demo: enough people for every conversation, quick to seed. */
const SMALL = { users: 10, gigs: 30, events: 7, seed: 3 };

describe('npm start on a first start', () => {
  it('starts empty with --empty, seeds the demo without it, and never seeds or duplicates it again', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const empty = await prepareFirstStart(database, { demo: false, empty: true }, undefined, SMALL);
      expect(empty.outcome).toBe('empty');
      expect(empty.message).toContain('without --empty');
      expect(await platformContents(database)).toEqual({ users: 0, gigs: 0 });

      const first = await prepareFirstStart(database, { demo: false, empty: false }, undefined, SMALL);
      expect(first.outcome).toBe('seeded');
      // The log names a demo account to sign in as, and how to start empty instead.
      expect(first.message).toMatch(/as \S+@example\.com/);
      expect(first.message).toContain('npm start -- --empty');
      const seeded = await platformContents(database);
      expect(seeded).toEqual({ users: 10, gigs: 30 });
      const stored = async () => {
        const { rows } = await sql<{ schema: string; n: string }>`
          select 'identity' as schema, count(*) as n from identity.event_store union all
          select 'marketplace', count(*) from marketplace.event_store union all
          select 'messaging', count(*) from messaging.event_store union all
          select 'media', count(*) from media.event_store`.execute(database.root);
        return rows.map((r) => `${r.schema}:${r.n}`);
      };
      const before = await stored();

      expect(await prepareFirstStart(database, { demo: false, empty: false }, undefined, SMALL)).toEqual({
        outcome: 'kept',
        message: null,
      });
      const again = await prepareFirstStart(database, { demo: true, empty: false }, undefined, SMALL);
      expect(again.outcome).toBe('skipped');
      expect(again.message).toContain('--demo skipped: the platform already has 10 people and 30 gigs');
      expect(await platformContents(database)).toEqual(seeded);
      expect(await stored()).toEqual(before);
    } finally {
      await drop();
    }
  }, 120_000);

  it('refuses --demo and --empty together', () => {
    expect(startFlags(['--demo', '--empty'])).toEqual({ error: expect.stringContaining('--demo and --empty') });
    expect(startFlags([])).toEqual({ demo: false, empty: false });
    expect(startFlags(['--empty'])).toEqual({ demo: false, empty: true });
  });
});
