import { SERVICE_NAMES } from '@commonwork/contracts';
import { type Database, kitMigrations, type Logger, migrateSchema, mulberry32 } from '@commonwork/kit';
import { seedDrafts } from '../../../services/drafts/src/drafts/seed.ts';
import { seedEvents } from '../../../services/events/src/events/seed.ts';
import { seedUsers } from '../../../services/identity/src/users/seed.ts';
import { seedFavorites } from '../../../services/marketplace/src/favorites/seed.ts';
import { seedFreelancers, seedGigs } from '../../../services/marketplace/src/gigs/seed.ts';
import { seedFiles } from '../../../services/media/src/files/seed.ts';
import { type DemoPicture, demoPictureRef, seedPictures } from '../../../services/media/src/images/seed.ts';
import { seedChannels, seedChats, seedEventChannels } from '../../../services/messaging/src/seed.ts';
import { seedGigInterests, seedNotificationPeople } from '../../../services/notifications/src/inbox/seed.ts';
import { seedOrders } from '../../../services/orders/src/seed.ts';
import { SERVICE_PARTS } from '../services.ts';
import { demoChannels, demoChats, demoEventChannels, demoInterests, SHARED_FILE, type Speaker, withSharedFile } from './community.ts';
import { avatarSvg, eventPosterSvg } from './pictures.ts';

export interface DemoOptions {
  /** People to register; default 40. */
  users?: number;
  /** Gigs to publish; default 300. */
  gigs?: number;
  /** Tech events to publish, with a few attendees each; default 24. */
  events?: number;
  /** PRNG seed: the same number gives the same people and gigs; default 42. */
  seed?: number;
  /** Reference time the demo history is dated back from; default now. */
  now?: Date;
  /**
   * Profile pictures and event pictures, drawn and stored in media; default on up to 500 people
   * and 500 events (the benchmarks' tens of thousands go without).
   */
  pictures?: boolean;
  /**
   * Orders and reviews that earn the gigs' orders and ratings and the people's ratings; default on
   * up to 5,000 gigs (each completed order is a history of events; the benchmarks' 100,000 gigs go without).
   */
  orders?: boolean;
  /**
   * Each event's channel, its attendees members; default on up to 500 events (the events benchmark's
   * ten thousand would be a hundred thousand memberships to store and publish before it measures anything).
   */
  eventChannels?: boolean;
}

export type DemoResult =
  | { seeded: false; existingUsers: number; existingGigs: number }
  | {
      seeded: true;
      users: number;
      freelancers: number;
      gigs: number;
      events: number;
      drafts: number;
      pictures: number;
      channels: number;
      chats: number;
      interests: number;
      /** Orders placed (completed, and a few still running) and reviews written. */
      orders: number;
      reviews: number;
      /** The person whose account shows everything: their gigs, chats both ways, channels, interest in their gigs. */
      host: { email: string; name: string } | null;
      ms: number;
    };

/** Migrates the seeded services' schemas exactly as the services do when they start. */
export async function migrateServices(database: Database) {
  for (const name of SERVICE_NAMES) await migrateSchema(database, name, [...kitMigrations(), ...SERVICE_PARTS[name].migrations]);
}

/** How many people and gigs the platform has: the demo goes only into a platform with neither. */
export async function platformContents(database: Database) {
  await migrateServices(database);
  const count = async (table: 'identity.users' | 'marketplace.gigs') => {
    const row = await database.root
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  };
  return { users: await count('identity.users'), gigs: await count('marketplace.gigs') };
}

/**
 * Seeds the demo through each service's own write path, each part dated as it happened: people
 * with their pictures (identity's events; media's images), their freelancer cards, gigs, tech events
 * with attendees and pictures, a half-done gig and event form per person, community channels with
 * their history, gig conversations and interest in gigs, orders of gigs and their reviews.
 * Messaging's, events' and orders' stored events are published once the platform runs: the
 * notifications service makes its notifications from them (new messages, registrations) as it does
 * for anyone's, marketplace and identity count the gigs' and people's orders and ratings from the
 * orders' events. Refuses when the platform already has
 * people or gigs.
 */
export async function seedDemo(database: Database, options: DemoOptions = {}, log?: Logger): Promise<DemoResult> {
  const started = Date.now();
  const existing = await platformContents(database);
  if (existing.users > 0 || existing.gigs > 0) return { seeded: false, existingUsers: existing.users, existingGigs: existing.gigs };

  const seed = options.seed ?? 42;
  const rng = mulberry32(seed);
  const now = options.now ?? new Date();
  const metadata = { actorId: null, correlationId: `seed-${seed}`, causationId: null };
  const wanted = { users: options.users ?? 40, gigs: options.gigs ?? 300, events: options.events ?? 24 };
  const drawPictures = options.pictures ?? (wanted.users <= 500 && wanted.events <= 500);
  const pictures: DemoPicture[] = [];

  const users = await seedUsers(database, wanted.users, rng, {
    now,
    metadata,
    ...(drawPictures && {
      pictureOf: ({ userId, name }) => {
        pictures.push({ name: `person:${userId}`, ownerId: userId, type: 'profile', svg: avatarSvg(name) });
        const ref = demoPictureRef(`person:${userId}`);
        return { picture: ref.url, picturePublicId: ref.publicId };
      },
    }),
  });
  await seedNotificationPeople(
    database,
    users.map((u) => ({ userId: u.userId, name: u.name, picture: u.card.picture, email: u.email, at: u.cardAt })),
  );
  const freelancers = await seedFreelancers(
    database,
    users.map((u) => ({ card: u.card, at: u.cardAt })),
  );
  const gigs = await seedGigs(
    database,
    users.map((u) => ({ userId: u.userId, focus: u.focus })),
    wanted.gigs,
    rng,
    { now, metadata },
  );
  // Every gig's orders and rating and every person's rating are earned by these orders' events
  // (their own random sequence: what follows stays what the seed number gave before).
  const sold =
    (options.orders ?? wanted.gigs <= 5_000)
      ? await seedOrders(
          database,
          gigs,
          users.map((u) => u.userId),
          mulberry32(seed + 3),
          { now, metadata },
        )
      : { orders: 0, reviews: 0 };
  // Favourites draw from their own sequence: what follows stays what the seed number gave before.
  const favorites = await seedFavorites(
    database,
    gigs,
    users.map((u) => u.userId),
    mulberry32(seed + 2),
    { now, metadata },
  );
  log?.info({ users: users.length, gigs: gigs.length, favorites, ...sold }, 'demo people, gigs and orders seeded');

  // The host: the person with the most gigs, first among attendees and in every conversation.
  const gigsOf = new Map<string, number>();
  for (const gig of gigs) gigsOf.set(gig.ownerId, (gigsOf.get(gig.ownerId) ?? 0) + 1);
  const host = [...users].sort((a, b) => (gigsOf.get(b.userId) ?? 0) - (gigsOf.get(a.userId) ?? 0))[0];
  const people = host ? [host, ...users.filter((u) => u !== host)] : users;

  const events =
    people.length >= 2
      ? await seedEvents(
          database,
          people.map((u) => ({ card: u.card, at: u.cardAt })),
          wanted.events,
          rng,
          {
            now,
            metadata,
            ...(drawPictures && { imageOf: ({ eventId }) => demoPictureRef(`event:${eventId}`) }),
          },
        )
      : [];
  if (drawPictures)
    for (const e of events)
      pictures.push({
        name: `event:${e.eventId}`,
        ownerId: e.organizerId,
        type: 'event',
        svg: eventPosterSvg({ title: e.title, date: e.date, time: e.time, motif: e.topic.motif, category: e.topic.category }),
      });
  const stored = await seedPictures(database, pictures, { now, metadata });
  log?.info({ events: events.length, pictures: stored }, 'demo events and pictures seeded');

  const drafts = await seedDrafts(
    database,
    users.map((u) => u.userId),
    rng,
    { now, metadata },
  );

  // The conversations draw from their own sequence: the people, gigs and events stay those of the seed number.
  const talk = mulberry32(seed + 1);
  const speakers: Speaker[] = people.map((u) => ({
    userId: u.userId,
    name: u.name,
    email: u.email,
    picture: u.card.picture,
    username: u.card.username,
  }));
  const hostSpeaker = speakers[0];
  let channels = 0;
  let chats = 0;
  let interests = 0;
  if (hostSpeaker && speakers.length >= 7) {
    const titled = gigs.map((g) => ({ gigId: g.gigId, ownerId: g.ownerId, title: g.title }));
    const [agenda] = await seedFiles(
      database,
      [{ key: SHARED_FILE.key, ownerId: hostSpeaker.userId, fileName: SHARED_FILE.fileName, content: Buffer.from(SHARED_FILE.content) }],
      { now, metadata },
    );
    let community = demoChannels(talk, speakers, hostSpeaker, now);
    if (agenda) community = withSharedFile(community, hostSpeaker, agenda, now);
    channels = (await seedChannels(database, community, metadata)).length;
    if (options.eventChannels ?? wanted.events <= 500)
      await seedEventChannels(database, demoEventChannels(talk, speakers, events, now), metadata);
    chats = (await seedChats(database, demoChats(talk, speakers, hostSpeaker, titled, now), metadata)).length;
    interests = await seedGigInterests(database, demoInterests(talk, speakers, hostSpeaker, titled, now), metadata);
  }
  log?.info({ drafts, channels, chats, interests }, 'demo drafts and conversations seeded');
  return {
    seeded: true,
    users: users.length,
    freelancers,
    gigs: gigs.length,
    events: events.length,
    drafts,
    pictures: stored,
    channels,
    chats,
    interests,
    ...sold,
    host: host ? { email: host.email, name: host.name } : null,
    ms: Date.now() - started,
  };
}
