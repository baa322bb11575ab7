import {
  EVENT_CATEGORIES,
  type EventCategory,
  type EventFields,
  EventInput,
  type EventMetadata,
  type PublicUserCard,
} from '@commonwork/contracts';
import { type Database, importEvents, pickOne, type Random, randomInt, seededUuid } from '@commonwork/kit';
import { upsertPerson } from '../people/people.ts';
import type { EventsTables } from '../tables.ts';
import { techEventAggregate } from './aggregate.ts';
import { decide, evolve } from './decide.ts';
import { scheduleOf } from './schedule.ts';
import { initialTechEventState, type TechEventEvent } from './techEvent.ts';

const DAY_MS = 86_400_000;

/** Titles, what happens and tags, per category: enough for a listing that reads like a real one. */
const CATALOG: Record<EventCategory, { titles: string[]; about: string; tags: string[] }> = {
  workshop: {
    titles: [
      'Hands-on React Server Components',
      'Testing event-sourced services',
      'Accessible forms from scratch',
      'Intro to Rust for web developers',
    ],
    about: 'A practical, laptop-open session: short talks, then exercises in pairs with mentors in the room.',
    tags: ['react', 'testing', 'accessibility', 'rust', 'typescript'],
  },
  conference: {
    titles: ['Frontend Futures Conference', 'DevOps Days', 'Data and AI Summit', 'Open Source Builders Conf'],
    about: 'A day of talks from people shipping real products, with time for hallway conversations between sessions.',
    tags: ['frontend', 'devops', 'ai', 'open source', 'cloud'],
  },
  networking: {
    titles: ['Freelancers coffee morning', 'Founders and makers mixer', 'Women in Tech evening', 'Remote workers meet-up'],
    about: 'Meet other freelancers and clients, swap leads and stories. No talks, just good conversations.',
    tags: ['freelance', 'community', 'careers', 'remote'],
  },
  hackathon: {
    titles: ['Climate Hack Weekend', 'Civic Tech Hackathon', 'AI for Good Hack', 'Open Data Jam'],
    about: 'Form a team, pick a challenge, build for 24 hours and demo to the jury. Food and coffee included.',
    tags: ['hackathon', 'ai', 'open data', 'python', 'teams'],
  },
  webinar: {
    titles: ['Pricing your freelance work', 'Kubernetes cost control', 'Writing proposals that win', 'PostgreSQL performance basics'],
    about: 'An online session with live questions at the end; the recording goes to everyone registered.',
    tags: ['freelance', 'kubernetes', 'postgresql', 'business'],
  },
  meetup: {
    titles: ['TypeScript Meetup', 'Node.js Night', 'Design Systems Meetup', 'Python User Group'],
    about: 'Two talks, pizza and time to chat. Newcomers welcome: the first talk is always beginner-friendly.',
    tags: ['typescript', 'node', 'design systems', 'python', 'community'],
  },
  other: {
    titles: ['Portfolio review night', 'Tech book club', 'Side project show and tell'],
    about: 'An informal evening to share work and get friendly feedback from peers.',
    tags: ['portfolio', 'books', 'side projects'],
  },
};

const CITIES = [
  { city: 'London', country: 'UK', timeZone: 'Europe/London' },
  { city: 'Berlin', country: 'Germany', timeZone: 'Europe/Berlin' },
  { city: 'New York', country: 'USA', timeZone: 'America/New_York' },
  { city: 'Bengaluru', country: 'India', timeZone: 'Asia/Kolkata' },
  { city: 'Lagos', country: 'Nigeria', timeZone: 'Africa/Lagos' },
];

/** One believable event, `dayOffset` days from `now` (negative: it took place). */
function demoEvent(rng: Random, category: EventCategory, now: Date, dayOffset: number): EventFields {
  const catalog = CATALOG[category];
  const place = pickOne(rng, CITIES);
  const type = category === 'webinar' ? 'online' : pickOne(rng, ['offline', 'offline', 'hybrid', 'online'] as const);
  const date = new Date(now.getTime() + dayOffset * DAY_MS).toISOString().slice(0, 10);
  const start = pickOne(rng, ['09:30', '10:00', '14:00', '18:00', '18:30']);
  const paid = rng() < 0.3;
  const tags = [...new Set([pickOne(rng, catalog.tags), pickOne(rng, catalog.tags), pickOne(rng, catalog.tags)])];
  const { status: _status, ...fields } = EventInput.parse({
    title: `${pickOne(rng, catalog.titles)} ${place.city}`.slice(0, 100),
    description: catalog.about,
    category,
    date,
    time: start,
    endDate: category === 'hackathon' ? new Date(now.getTime() + (dayOffset + 1) * DAY_MS).toISOString().slice(0, 10) : null,
    endTime: start < '12:00' ? '17:00' : '21:00',
    timeZone: place.timeZone,
    location: {
      type,
      venue: type === 'online' ? '' : `${place.city} Tech Hub`,
      address: type === 'online' ? '' : `${randomInt(rng, 1, 120)} Innovation Street`,
      city: type === 'online' ? '' : place.city,
      country: type === 'online' ? '' : place.country,
      meetingLink: type === 'offline' ? '' : `https://meet.example.com/${category}-${randomInt(rng, 1000, 9999)}`,
    },
    price: paid ? pickOne(rng, [10, 25, 49, 99]) : 0,
    currency: paid ? pickOne(rng, ['USD', 'EUR', 'GBP'] as const) : 'USD',
    maxAttendees: pickOne(rng, [20, 30, 50, 100, null]),
    tags,
    agenda: [
      { time: start, title: 'Welcome and introductions' },
      { time: start < '12:00' ? '12:30' : '19:30', title: 'Main session', speaker: 'Guest speaker' },
    ],
    requirements: type === 'online' ? ['A stable internet connection'] : ['Bring a laptop if you want to follow along'],
    status: 'published',
  });
  return fields;
}

export interface SeedEventsOptions {
  now?: Date;
  metadata?: EventMetadata;
}

/**
 * Seeds `n` published events through the events service's write path (decide, then importEvents),
 * from three weeks ago to two months ahead, each with a few attendees from `people`, and the
 * people read model the bus would feed. Their published events open the event channels once the
 * platform runs.
 */
export async function seedEvents(
  database: Database,
  people: readonly { card: PublicUserCard; at: Date }[],
  n: number,
  rng: Random,
  options: SeedEventsOptions = {},
) {
  if (people.length < 2) throw new Error('seedEvents needs at least two people');
  const now = options.now ?? new Date();
  const metadata = options.metadata ?? { actorId: null, correlationId: 'seed', causationId: null };
  const db = database.forSchema<EventsTables>('events');
  const ids = people.map((p) => p.card.userId);
  const streams = Array.from({ length: n }, (_, i) => {
    const category = EVENT_CATEGORIES[i % EVENT_CATEGORIES.length] as EventCategory;
    const fields = demoEvent(rng, category, now, randomInt(rng, -21, 60));
    const organizerId = pickOne(rng, ids);
    const eventId = seededUuid(rng);
    const created = decide(
      { type: 'CreateEvent', eventId, actorId: organizerId, status: 'published', fields, schedule: scheduleOf(fields) },
      initialTechEventState(),
    );
    let state = created.reduce(evolve, initialTechEventState());
    const events: TechEventEvent[] = [...created];
    const wanted = Math.min(ids.length - 1, fields.maxAttendees ?? 40, randomInt(rng, 2, 18));
    // Registrations taken a week before the event (or now, for events further off), before it ends.
    const when = new Date(Math.min(now.getTime(), Date.parse(state.endsAt) - 7 * DAY_MS)).toISOString();
    for (const userId of ids.filter((id) => id !== organizerId).slice(0, wanted)) {
      const seat = decide({ type: 'Register', userId, now: when }, state);
      state = seat.reduce(evolve, state);
      events.push(...seat);
    }
    return { eventId, events };
  });
  await db.transaction().execute(async (trx) => {
    for (const { card, at } of people) await upsertPerson(trx, card, at);
    // A hundred streams (up to two thousand events) per statement stay under PostgreSQL's parameter limit.
    for (let i = 0; i < streams.length; i += 100)
      await importEvents(trx, techEventAggregate, {
        schema: 'events',
        metadata,
        now: new Date(now.getTime() - 30 * DAY_MS),
        appends: streams.slice(i, i + 100).map((s) => ({ id: s.eventId, expectedVersion: 0, events: s.events })),
      });
  });
  return streams.length;
}
