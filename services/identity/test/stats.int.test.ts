import { randomUUID } from 'node:crypto';
import { eventsRoutes, identityRoutes, marketplaceRoutes, messagingRoutes } from '@commonwork/contracts';
import { mulberry32 } from '@commonwork/kit';
import { buildEvent, buildGig, buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Marketplace's own seed writes gigs dated back through its write path: a history to compare with.
import { seedGigs } from '../../marketplace/src/gigs/seed.ts';
import { addAllToFigures, addToFigures } from '../src/stats/figures.ts';
import type { IdentityTables } from '../src/tables.ts';

type User = Awaited<ReturnType<typeof buildUser>>;
const DAY_MS = 86_400_000;

describe('statistics, counted from what happens on the platform', () => {
  let p: TestPlatform;
  let ada: User;
  let bob: User;

  beforeAll(async () => {
    p = await startTestPlatform();
    [ada, bob] = await Promise.all([buildUser(p, 'Ada Counted'), buildUser(p, 'Bob Organiser')]);
  });
  afterAll(() => p?.stop());

  const statsOf = async (user: User) => {
    const res = await p.api.send(identityRoutes.userStats, { params: { id: user.id }, token: user.token });
    expect(res.status).toBe(200);
    return res.body.stats;
  };
  /** Waits until the person's figures read `expected` (the read model follows the bus). */
  const statsReach = (user: User, expected: Partial<{ activeGigs: number; events: number; messages: number }>) =>
    eventually(async () => {
      const stats = await statsOf(user);
      return Object.entries(expected).every(([k, v]) => stats[k as keyof typeof expected] === v) && stats;
    });

  it('starts at nothing, and is yours alone', async () => {
    const res = await p.api.send(identityRoutes.userStats, { params: { id: ada.id }, token: ada.token });
    expect(res.body).toMatchObject({
      success: true,
      // Nothing a month ago: no change to show, not a '+100%' or '0%' nobody earned.
      stats: { activeGigs: 0, events: 0, messages: 0, changes: { activeGigs: null, events: null, messages: null } },
    });
    expect(Date.parse(res.body.lastUpdated)).not.toBeNaN();
    expect((await p.api.send(identityRoutes.userStats, { params: { id: ada.id }, token: bob.token })).status).toBe(403);
    expect((await p.api.send(identityRoutes.userStats, { params: { id: ada.id } })).status).toBe(401);
    expect((await p.api.send(identityRoutes.refreshUserStats, { params: { id: ada.id }, token: ada.token })).status).toBe(200);
  });

  it('answers 404 for a person whose account is gone while their token still reads valid', async () => {
    const gone = await buildUser(p, 'Gone Meanwhile');
    // The row removed under a live token, as an erasure racing a request would leave it.
    await p.database.forSchema<IdentityTables>('identity').deleteFrom('users').where('id', '=', gone.id).execute();
    const res = await p.api.send(identityRoutes.userStats, { params: { id: gone.id }, token: gone.token });
    expect(res.status).toBe(404);
  });

  it('counts active gigs as they are published, taken down and deleted', async () => {
    const make = async (title: string) =>
      (await p.api.call(marketplaceRoutes.createGig, { token: ada.token, body: buildGig({ title }) })).gig.id;
    const first = await make('Audit of your React app');
    const second = await make('Accessibility fixes');
    await p.api.call(marketplaceRoutes.createGig, { token: ada.token, body: buildGig({ title: 'Kept as a draft', status: 'draft' }) });
    await statsReach(ada, { activeGigs: 2 });
    expect(
      (
        await p.api.send(marketplaceRoutes.updateGig, {
          params: { id: first },
          token: ada.token,
          body: buildGig({ title: 'Audit of your React app', status: 'draft' }),
        })
      ).status,
    ).toBe(200);
    await statsReach(ada, { activeGigs: 1 });
    expect((await p.api.send(marketplaceRoutes.deleteGig, { params: { id: second }, token: ada.token })).status).toBeLessThan(300);
    await statsReach(ada, { activeGigs: 0 });
  });

  it('counts the events you organise and the seats you hold, and messages you send', async () => {
    const created = await p.api.call(eventsRoutes.createEvent, { token: bob.token, body: buildEvent({ title: 'Counting night' }) });
    const eventId = created.data.id;
    expect((await p.api.send(eventsRoutes.register, { params: { id: eventId }, token: ada.token })).status).toBe(200);
    await statsReach(bob, { events: 1 });
    await statsReach(ada, { events: 1 });
    expect((await p.api.send(eventsRoutes.cancelRegistration, { params: { id: eventId }, token: ada.token })).status).toBe(200);
    await statsReach(ada, { events: 0 });

    const channel = await p.api.call(messagingRoutes.createChannel, { token: ada.token, body: { name: `count-${Date.now()}` } });
    const id = channel.data.id;
    for (const content of ['one', 'two', 'three'])
      expect((await p.api.send(messagingRoutes.postChannelMessage, { params: { id }, token: ada.token, body: { content } })).status).toBe(
        201,
      );
    const counted = await statsReach(ada, { messages: 3 });
    // Someone who just arrived has nothing a month back to compare with: no change, whatever they did since.
    expect(counted.changes).toEqual({ activeGigs: null, events: null, messages: null });
    expect((await statsOf(bob)).messages).toBe(0);
  });

  it('gives the change against the same day last month from the history of the figures', async () => {
    const carl = await buildUser(p, 'Carl Veteran');
    // Two gigs carl published long ago, through marketplace's own write path, dated back: the relay publishes them.
    await seedGigs(p.database, [{ userId: carl.id, focus: 'web' }], 2, mulberry32(3), { now: new Date(Date.now() - 45 * DAY_MS) });
    await statsReach(carl, { activeGigs: 2 });
    expect((await statsOf(carl)).changes.activeGigs).toBe(0);
    await p.api.call(marketplaceRoutes.createGig, { token: carl.token, body: buildGig({ title: 'A third, this month' }) });
    const stats = await statsReach(carl, { activeGigs: 3 });
    // 2 then, 3 now: +50 %.
    expect(stats.changes.activeGigs).toBe(50);
  });

  it('keeps every day right when a day is counted after later days were', async () => {
    const db = p.database.forSchema<IdentityTables>('identity');
    const userId = randomUUID();
    const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));
    await addToFigures(db, userId, day(5), { messages: 1 });
    await addToFigures(db, userId, day(3), { messages: 2 });
    await addToFigures(db, userId, day(5), { messages: 1, events: 1 });
    await addToFigures(db, userId, day(1), { activeGigs: 1 });
    const rows = await db
      .selectFrom('stats_days')
      .select([sql<string>`day::text`.as('day'), 'active_gigs', 'events', 'messages'])
      .where('user_id', '=', userId)
      .orderBy('day')
      .execute();
    expect(rows.map((r) => [r.day, r.active_gigs, r.events, r.messages])).toEqual([
      ['2026-01-01', 1, 0, 0],
      ['2026-01-03', 1, 0, 2],
      ['2026-01-05', 1, 1, 4],
    ]);
  });

  it('counts a run of changes at once to the same figures as one by one, whatever the mix of people and days', async () => {
    const db = p.database.forSchema<IdentityTables>('identity');
    const rowsOf = (userId: string) =>
      db
        .selectFrom('stats_days')
        .select([sql<string>`day::text`.as('day'), 'active_gigs', 'events', 'messages'])
        .where('user_id', '=', userId)
        .orderBy('day')
        .execute();
    const change = fc.record({
      person: fc.integer({ min: 0, max: 2 }),
      day: fc.integer({ min: 1, max: 6 }),
      delta: fc.record({
        activeGigs: fc.integer({ min: -1, max: 2 }),
        events: fc.integer({ min: 0, max: 2 }),
        messages: fc.integer({ min: 0, max: 3 }),
      }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 12 }), async (changes) => {
        const [oneByOne, atOnce] = [[0, 1, 2].map(() => randomUUID()), [0, 1, 2].map(() => randomUUID())];
        const at = (day: number) => new Date(Date.UTC(2026, 1, day, 9));
        for (const c of changes) await addToFigures(db, oneByOne[c.person] as string, at(c.day), c.delta);
        await addAllToFigures(
          db,
          changes.map((c) => ({ userId: atOnce[c.person] as string, at: at(c.day), delta: c.delta })),
        );
        for (const person of [0, 1, 2]) expect(await rowsOf(atOnce[person] as string)).toEqual(await rowsOf(oneByOne[person] as string));
      }),
      { numRuns: 15 },
    );
  });

  it('lists top freelancers with active gigs, leaving out people who are not searchable', async () => {
    await p.api.call(marketplaceRoutes.createGig, { token: ada.token, body: buildGig({ title: 'Back with a gig' }) });
    await statsReach(ada, { activeGigs: 1 });
    const topIds = async () => {
      const top = await p.api.send(identityRoutes.topFreelancers, { query: { limit: 10 } });
      expect(top.status).toBe(200);
      return top.body.users;
    };
    // The list is kept a few seconds (TOP_FREELANCERS_TTL_MS): Ada's gig shows within them.
    const before = await eventually(async () => {
      const users = await topIds();
      return users.some((u) => u.id === ada.id) && users;
    });
    // No gigs, no place; the list shows people as strangers see them.
    expect(before.map((u) => u.id)).not.toContain(bob.id);
    expect(before.find((u) => u.id === ada.id)).toMatchObject({ activeGigs: 1, email: '' });
    // Ada in the list she reads herself: the same public card, not her account (no preferences, no email).
    const own = await p.api.call(identityRoutes.topFreelancers, { query: { limit: 10 }, token: ada.token });
    expect(own.users.find((u) => u.id === ada.id)).toEqual(before.find((u) => u.id === ada.id));
    // Each limit is the same list cut shorter.
    expect((await p.api.call(identityRoutes.topFreelancers, { query: { limit: 1 } })).users).toEqual(before.slice(0, 1));

    const hidden = { preferences: { privacy: { searchable: false } } };
    expect((await p.api.send(identityRoutes.updateUser, { params: { id: ada.id }, token: ada.token, body: hidden })).status).toBe(200);
    await eventually(async () => !(await topIds()).some((u) => u.id === ada.id));
    expect((await p.api.send(identityRoutes.topFreelancers, { query: { limit: 0 } })).status).toBe(400);
  });

  it('ranks top freelancers of one rating by their active gigs, as those come and go', async () => {
    const [cleo, dan] = await Promise.all([buildUser(p, 'Cleo Three Gigs'), buildUser(p, 'Dan Two Gigs')]);
    const publish = (user: User, count: number) =>
      Promise.all(
        Array.from(
          { length: count },
          async (_, i) =>
            (
              await p.api.call(marketplaceRoutes.createGig, {
                token: user.token,
                body: buildGig({ title: `Gig ${i + 1} of ${user.username}` }),
              })
            ).gig.id,
        ),
      );
    const cleosGigs = await publish(cleo, 3);
    await publish(dan, 2);
    await Promise.all([statsReach(cleo, { activeGigs: 3 }), statsReach(dan, { activeGigs: 2 })]);
    const order = async () => {
      const top = await p.api.call(identityRoutes.topFreelancers, { query: { limit: 50 } });
      return top.users.filter((u) => [cleo.id, dan.id].includes(u.id)).map((u) => [u.id, u.activeGigs]);
    };
    // The list is kept a few seconds: each order is awaited, then held exactly.
    const orderBecomes = async (expected: (string | number)[][]) => {
      await eventually(async () => JSON.stringify(await order()) === JSON.stringify(expected));
      expect(await order()).toEqual(expected);
    };
    // Nobody here is rated yet: the one with more active gigs comes first.
    await orderBecomes([
      [cleo.id, 3],
      [dan.id, 2],
    ]);
    for (const id of cleosGigs.slice(0, 2)) await p.api.call(marketplaceRoutes.deleteGig, { params: { id }, token: cleo.token });
    await statsReach(cleo, { activeGigs: 1 });
    await orderBecomes([
      [dan.id, 2],
      [cleo.id, 1],
    ]);
    await p.api.call(marketplaceRoutes.deleteGig, { params: { id: cleosGigs[2] as string }, token: cleo.token });
    await statsReach(cleo, { activeGigs: 0 });
    await orderBecomes([[dan.id, 2]]);
  });
});
