import {
  type ApiClient,
  createApiClient,
  draftsRoutes,
  EVENT_CATEGORIES,
  eventsRoutes,
  GIG_CATEGORIES,
  identityRoutes,
  MEDIA_PATH_PREFIX,
  marketplaceRoutes,
  messagingRoutes,
  notificationsRoutes,
} from '@commonwork/contracts';
import { loadKeyStore } from '@commonwork/identity';
import { type Database, readSide } from '@commonwork/kit';
import { createTestBus, createTestDatabase, eventually, expectRebuildReproduces, testLogger } from '@commonwork/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TOPICS } from '../../services/events/src/events/demoTopics.ts';
import { DEMO_CATALOG, type SubCategoryCatalog } from '../../services/marketplace/src/gigs/demoCatalog.ts';
import { fillOf, tagsAllowed } from '../../services/marketplace/src/gigs/demoTags.ts';
import { startPlatform } from './platform.ts';
import { seedDemo } from './seed.ts';
import { SERVICE_PARTS } from './services.ts';

type Platform = Awaited<ReturnType<typeof startPlatform>>;
/** Rows of a read table without some of its columns. */
async function tableWithout(database: Database, table: string, excluded: string[], key = 'id') {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by ${sql.ref(key)}`.execute(database.root);
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !excluded.includes(column))));
}

/**
 * Every gig's and every person's figures as far as they differ from what the orders earned them:
 * the gig's completed orders, its reviews and their average (one decimal), the person's reviews and
 * their average. Empty when every figure is earned.
 */
async function unearnedFigures(database: Database) {
  const { rows: gigs } = await sql<{ id: string; figures: string; earned: string }>`
    select g.id, concat_ws(' ', g.orders, g.reviews, round(g.rating::numeric, 1)::float8) as figures,
      concat_ws(' ', (select count(*) from orders.orders o where o.gig_id = g.id and o.status = 'completed'),
        (select count(*) from orders.reviews r where r.gig_id = g.id),
        (select coalesce(round(avg(r.rating), 1), 0)::float8 from orders.reviews r where r.gig_id = g.id)) as earned
    from marketplace.gigs g`.execute(database.root);
  const { rows: people } = await sql<{ id: string; figures: string; earned: string }>`
    select u.id, concat_ws(' ', u.review_count, round(u.rating::numeric, 1)::float8) as figures,
      concat_ws(' ', (select count(*) from orders.reviews r where r.seller_id = u.id),
        (select coalesce(round(avg(r.rating), 1), 0)::float8 from orders.reviews r where r.seller_id = u.id)) as earned
    from identity.users u`.execute(database.root);
  return [...gigs, ...people].filter((row) => row.figures !== row.earned);
}

/** Every service's read side, as `npm run rebuild` takes them. */
const PLATFORM = Object.values(SERVICE_PARTS).map((part) => readSide(part.projections));

describe('demo seed', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let closeBus: () => Promise<void>;
  let platform: Platform | null = null;
  let names: Set<string>;
  let seededCards: Record<string, unknown>[];
  let host: { email: string; name: string };
  let seeded: { orders: number; reviews: number };
  let api: ApiClient;
  /** The first 100 gigs, as the marketplace lists them (a search when `search` is given). */
  const listGigs = (search?: string) => api.send(marketplaceRoutes.listGigs, { query: { limit: 100, search } });
  const listEvents = () => api.call(eventsRoutes.listEvents, { query: { limit: 100 } });

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    const testBus = await createTestBus();
    closeBus = testBus.close;
    const result = await seedDemo(database, { users: 10, gigs: 60, events: 14, seed: 7 });
    expect(result).toMatchObject({ seeded: true, users: 10, freelancers: 10, gigs: 60, events: 14, pictures: 24, channels: 6, chats: 4 });
    if (!result.seeded || !result.host) throw new Error('no demo host');
    host = result.host;
    seeded = { orders: result.orders, reviews: result.reviews };
    const { rows } = await sql<{ name: string }>`select name from identity.users`.execute(database.root);
    names = new Set(rows.map((r) => r.name));
    seededCards = await tableWithout(database, 'marketplace.freelancers', [], 'user_id');
    platform = await startPlatform({
      env: { NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', RATE_LIMIT_MAX: '10000', RATE_LIMIT_AUTH_MAX: '10000' },
      database,
      bus: testBus.bus,
      log: testLogger(),
      keys: await loadKeyStore(),
    });
    api = createApiClient({ baseUrl: platform.url, checkAnswers: true });
    // Seeding the demo and starting every service: a minute or more on a busy two-core machine.
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
    await closeBus?.();
    await drop?.();
  });

  it('refuses to seed a database whose marketplace already has gigs', async () => {
    expect(await seedDemo(database, { users: 10, gigs: 60, events: 14, seed: 7 })).toEqual({
      seeded: false,
      existingUsers: 10,
      existingGigs: 60,
    });
  });

  it('lists every seeded gig, in every category and sub-category, with its freelancer', async () => {
    const res = await listGigs();
    expect(res.status).toBe(200);
    expect(res.body.pagination.totalGigs).toBe(60);
    const { gigs } = res.body;
    expect(gigs).toHaveLength(60);
    expect(new Set(gigs.map((g) => g.category))).toEqual(new Set(Object.keys(GIG_CATEGORIES)));
    const pairs = Object.entries(GIG_CATEGORIES).flatMap(([c, { subCategories }]) => subCategories.map((s) => `${c}/${s}`));
    expect(new Set(gigs.map((g) => `${g.category}/${g.subCategory}`))).toEqual(new Set(pairs));
    for (const gig of gigs) expect(names.has(gig.freelancer.name), gig.freelancer.name).toBe(true);
  });

  it("earns every gig's orders and rating and every person's rating by the seeded orders and reviews, once the platform publishes them", async () => {
    const { rows } = await sql<{ orders: string; completed: string; reviews: string }>`
      select (select count(*) from orders.orders) as orders, (select count(*) from orders.orders where status = 'completed') as completed,
        (select count(*) from orders.reviews) as reviews`.execute(database.root);
    expect(Number(rows[0]?.orders)).toBe(seeded.orders);
    expect(Number(rows[0]?.reviews)).toBe(seeded.reviews);
    expect(Number(rows[0]?.completed), 'completed orders').toBeGreaterThan(Number(rows[0]?.reviews) - 1);
    expect(seeded.reviews, 'reviews written').toBeGreaterThan(0);
    // The seed writes no figure: marketplace and identity count them from orders' published events.
    await eventually(async () => (await unearnedFigures(database)).length === 0, 60_000);
    const { gigs } = (await listGigs()).body;
    expect(gigs.some((g) => g.orders > 0 && g.reviews > 0 && g.rating > 0)).toBe(true);
    // Identity's top freelancers (people with active gigs, once marketplace's events are in) read the same.
    const top = await eventually(async () => {
      const { users } = await api.call(identityRoutes.topFreelancers, { query: { limit: 10 } });
      return users.length === new Set(gigs.map((g) => g.freelancer.name)).size && users;
    });
    expect(top.some((u) => u.reviewCount > 0)).toBe(true);
    // The host's earnings are their completed orders' prices.
    const session = await signInAs(host);
    const analytics = await api.call(marketplaceRoutes.analytics, { token: session.token });
    const { rows: earned } = await sql<{ revenue: string }>`
      select coalesce(sum(price), 0) as revenue from orders.orders where seller_id = ${session.user.id} and status = 'completed'`.execute(
      database.root,
    );
    expect(analytics.data.totalRevenue).toBeCloseTo(Number(earned[0]?.revenue), 2);
  }, 90_000);

  it('finds a seeded gig by a word of its title', async () => {
    const { body } = await listGigs();
    const gig = body.gigs[5];
    if (!gig) throw new Error('fewer than six gigs');
    const word = gig.title.split(/\s+/).reduce((a, b) => (b.length > a.length ? b : a), '');
    const found = await listGigs(word);
    expect(
      found.body.gigs.map((g) => g.id),
      word,
    ).toContain(gig.id);
  });

  it('lists every seeded event, in every category, with its organiser, attendees and channel', async () => {
    if (!platform) throw new Error('platform stopped');
    const { data } = await listEvents();
    expect(data.pagination.total).toBe(14);
    expect(new Set(data.events.map((e) => e.category))).toEqual(new Set(EVENT_CATEGORIES));
    for (const event of data.events) expect(names.has(event.organizer.name), event.organizer.name).toBe(true);
    expect(data.events.every((e) => e.attendeeCount >= 2)).toBe(true);
    expect(data.events.some((e) => e.hasEnded) && data.events.some((e) => !e.hasEnded)).toBe(true);
    // The seeded events are published on start: messaging opens each one's channel.
    const id = data.events[0]?.id ?? 'no event';
    await eventually(async () => (await api.call(eventsRoutes.getEvent, { params: { id } })).data.channelId);
  });

  /** Signs a demo person in through the developer sign-in, which gives their email the subject the seed registered them under. */
  const signInAs = async (person: { email: string; name: string }) => {
    const dev = await api.call(identityRoutes.devToken, { body: person });
    return api.call(identityRoutes.googleSignIn, { body: { token: dev.token } });
  };

  it('leaves each person a gig and an event form half done, in their Saved Items', async () => {
    const { rows } = await sql<{ email: string; name: string }>`select email, name from identity.users order by email limit 1`.execute(
      database.root,
    );
    const session = await signInAs(rows[0] as { email: string; name: string });
    const list = (await api.call(draftsRoutes.list, { token: session.token })).data;
    expect(list.map((d) => d.type).sort()).toEqual(['event', 'gig']);
    const { rows: counts } = await sql<{ n: string }>`select count(*) as n from drafts.drafts`.execute(database.root);
    expect(Number(counts[0]?.n)).toBe(20);
  });

  it("gives every gig and event tags of its own topic, never another's", async () => {
    const { body } = await listGigs();
    for (const gig of body.gigs) {
      const catalog = (DEMO_CATALOG[gig.category].subCategories as Record<string, SubCategoryCatalog>)[gig.subCategory];
      if (!catalog) throw new Error(`no catalogue for ${gig.subCategory}`);
      const allowed = tagsAllowed(catalog, fillOf(catalog, `${gig.title} ${gig.description}`) ?? '');
      for (const tag of gig.tags) expect(allowed.has(tag), `${gig.title}: ${tag}`).toBe(true);
    }
    const { data } = await listEvents();
    for (const event of data.events) {
      const topic = EVENT_TOPICS.find((t) => event.title.startsWith(t.title) && t.category === event.category);
      expect(topic, event.title).toBeDefined();
      expect(event.tags, event.title).toEqual(topic?.tags);
    }
  });

  it('draws a picture for every event and person, served by media as an image', async () => {
    const { data } = await listEvents();
    const { rows } = await sql<{ picture: string }>`select picture from identity.users`.execute(database.root);
    const urls = [...data.events.map((e) => e.images[0]?.url ?? `no picture: ${e.title}`), ...rows.map((r) => r.picture)];
    expect(urls).toHaveLength(24);
    for (const url of urls) {
      const image = await fetch(`${platform?.url}${url}`);
      expect(image.status, url).toBe(200);
      expect(image.headers.get('content-type'), url).toBe('image/png');
      expect((await image.arrayBuffer()).byteLength, url).toBeGreaterThan(1_000);
    }
  });

  it("fills the host's account: channels with history, gig conversations both ways, notifications, a draft", async () => {
    const session = await signInAs(host);
    expect(session.user.picture?.startsWith(MEDIA_PATH_PREFIX), session.user.picture).toBe(true);
    const channels = (await api.call(messagingRoutes.listChannels, { token: session.token })).data;
    const community = channels.filter((c) => c.messageCount > 0);
    expect(community.length).toBeGreaterThanOrEqual(6);
    // Event channels the seed opened are the ones messaging opens: one per event, none twice.
    const { rows: opened } = await sql<{
      n: string;
    }>`select count(*) as n from messaging.channels where name in (select title from events.events)`.execute(database.root);
    expect(Number(opened[0]?.n)).toBe(14);
    expect(community.every((c) => c.isMember)).toBe(true);
    const channelId = community[0]?.id ?? 'no channel';
    const history = (await api.call(messagingRoutes.channelMessages, { params: { id: channelId }, token: session.token })).messages;
    expect(new Set(history.map((m) => m.sender._id)).size).toBeGreaterThanOrEqual(3);
    const days = new Set(history.map((m) => m.createdAt.slice(0, 10)));
    expect(days.size, 'spread over several days').toBeGreaterThan(1);

    const chats = (await api.call(messagingRoutes.listChats, { token: session.token })).chats;
    expect(chats.length).toBeGreaterThanOrEqual(2);

    // Chat messages and registrations (the host organises an event) are made into notifications by
    // the notifications service once messaging's and events' events are published; every page of
    // them, since the seeded orders' steps are notified too.
    const everyNotification = async () => {
      const all = [];
      for (let page = 1; ; page++) {
        const read = await api.call(notificationsRoutes.list, { query: { limit: 100, page }, token: session.token });
        all.push(...read.notifications);
        if (page >= read.pagination.totalPages) return all;
      }
    };
    const kinds = await eventually(async () => {
      const list = await everyNotification();
      const types = new Set(list.map((n) => n.type));
      return types.has('message') && types.has('gig_interest') && types.has('event_invite') ? list : null;
    }, 60_000);
    for (const note of kinds) expect(note.sender?.name, 'a known sender').not.toBe('Member');
    // A chat's notification is dated by a message sent to the host (hours or days ago), not by when the service made it.
    const { rows: sent } = await sql<{ chat_id: string; created_at: Date }>`
      select chat_id, created_at from messaging.chat_messages where sender_id <> ${session.user.id}`.execute(database.root);
    const sentTimes = new Set(sent.map((r) => `${r.chat_id} ${new Date(r.created_at).toISOString()}`));
    const messages = kinds.filter((n) => n.type === 'message' && n.data.chatId);
    expect(messages.length).toBeGreaterThan(0);
    for (const note of messages) expect(sentTimes.has(`${note.data.chatId} ${note.createdAt}`), note.title).toBe(true);
    const drafts = (await api.call(draftsRoutes.list, { token: session.token })).data;
    expect(drafts.length).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it('keeps the freelancer cards when the platform publishes the seeded identity events again', async () => {
    // The relay publishes 30 identity events; the consumer handles each (registered and two profile updates per person).
    await eventually(async () => {
      const { rows } = await sql<{ n: string }>`select count(*) as n from marketplace.processed_events`.execute(database.root);
      return Number(rows[0]?.n) >= 30;
    });
    expect(seededCards).toHaveLength(10);
    expect(await tableWithout(database, 'marketplace.freelancers', [], 'user_id')).toEqual(seededCards);
  });

  it('is reproduced, every table of every service, by `npm run rebuild` after its read tables are emptied', async () => {
    // Media's uploads reach messaging's read model over the bus: every one of them before the platform stops.
    await eventually(async () => {
      const { rows } = await sql<{ kept: string; stored: string }>`
        select (select count(*) from messaging.uploads) as kept,
          (select count(*) from media.images) + (select count(*) from media.files) as stored`.execute(database.root);
      return Number(rows[0]?.kept) === Number(rows[0]?.stored);
    });
    await platform?.stop();
    platform = null;
    // Every table a rebuild fills must hold rows: the demo makes each kind of thing at least once.
    // No demo person has changed their privacy, which is all orders and events keep of preferences;
    // nobody holds a personal access token (a secret shown once, to no one), a webhook, nor a
    // channel's incoming webhook, nor has asked for their data.
    await expectRebuildReproduces(database, PLATFORM, {
      mayBeEmpty: [
        'orders.profile_visibility',
        'events.profile_visibility',
        'identity.personal_tokens',
        'identity.person_exports',
        'webhooks.webhooks',
        'messaging.incoming_hooks',
      ],
    });
    // The figures a rebuild counted again are still the ones the orders earned.
    expect(await unearnedFigures(database)).toEqual([]);
  }, 120_000);
});
