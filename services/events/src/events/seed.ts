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
import { CATEGORY_FORMAT, EVENT_TOPICS, type EventTopic } from './demoTopics.ts';
import { scheduleOf } from './schedule.ts';
import { initialTechEventState, type TechEventEvent } from './techEvent.ts';

const DAY_MS = 86_400_000;

const CITIES = [
  { city: 'London', country: 'UK', timeZone: 'Europe/London' },
  { city: 'Berlin', country: 'Germany', timeZone: 'Europe/Berlin' },
  { city: 'New York', country: 'USA', timeZone: 'America/New_York' },
  { city: 'Bengaluru', country: 'India', timeZone: 'Asia/Kolkata' },
  { city: 'Lagos', country: 'Nigeria', timeZone: 'Africa/Lagos' },
];

/** A demo event's picture, stored by the caller: its media URL and public id. */
export type DemoEventImage = { url: string; publicId: string };

/** One believable event on `topic`, `dayOffset` days from `now` (negative: it took place). */
function demoEvent(rng: Random, topic: EventTopic, now: Date, dayOffset: number, image: DemoEventImage | null): EventFields {
  const { category } = topic;
  const place = pickOne(rng, CITIES);
  const type = category === 'webinar' ? 'online' : pickOne(rng, ['offline', 'offline', 'hybrid', 'online'] as const);
  const date = new Date(now.getTime() + dayOffset * DAY_MS).toISOString().slice(0, 10);
  const start = pickOne(rng, ['09:30', '10:00', '14:00', '18:00', '18:30']);
  const paid = rng() < 0.3;
  const { status: _status, ...fields } = EventInput.parse({
    // An online event is nowhere in particular; one in a city says which.
    title: (type === 'online' ? topic.title : `${topic.title} ${place.city}`).slice(0, 100),
    description: `${topic.about} ${CATEGORY_FORMAT[category]}`,
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
    tags: [...topic.tags],
    images: image ? [image] : [],
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
  /** The picture each event shows (the caller draws and stores it); default none. */
  imageOf?: (event: { eventId: string; topic: EventTopic }) => DemoEventImage;
}

/** What the seed made of one event: what its picture, channel and notifications are drawn from. */
export interface SeededEvent {
  /** When it was published (the seed dates every event's creation the same). */
  publishedAt: Date;
  eventId: string;
  title: string;
  date: string;
  time: string;
  topic: EventTopic;
  organizerId: string;
  attendeeIds: string[];
}

/**
 * Seeds `n` published events through the events service's write path (decide, then importEvents),
 * from three weeks ago to two months ahead, each with a few attendees from `people`, and the
 * people read model the bus would feed. Their published events open the event channels once the
 * platform runs. Each event is about one topic of demoTopics.ts: its title, tags and picture follow
 * from it.
 */
export async function seedEvents(
  database: Database,
  people: readonly { card: PublicUserCard; at: Date }[],
  n: number,
  rng: Random,
  options: SeedEventsOptions = {},
): Promise<SeededEvent[]> {
  if (people.length < 2) throw new Error('seedEvents needs at least two people');
  const now = options.now ?? new Date();
  const metadata = options.metadata ?? { actorId: null, correlationId: 'seed', causationId: null };
  const db = database.forSchema<EventsTables>('events');
  const ids = people.map((p) => p.card.userId);
  const publishedAt = new Date(now.getTime() - 30 * DAY_MS);
  const streams = Array.from({ length: n }, (_, i) => {
    const category = EVENT_CATEGORIES[i % EVENT_CATEGORIES.length] as EventCategory;
    const topic = pickOne(
      rng,
      EVENT_TOPICS.filter((t) => t.category === category),
    );
    const eventId = seededUuid(rng);
    const fields = demoEvent(rng, topic, now, randomInt(rng, -21, 60), options.imageOf?.({ eventId, topic }) ?? null);
    // The first person organises the first event (the demo's host sees registrations come in).
    const picked = pickOne(rng, ids);
    const organizerId = i === 0 ? (ids[0] ?? picked) : picked;
    const created = decide(
      { type: 'CreateEvent', eventId, actorId: organizerId, status: 'published', fields, schedule: scheduleOf(fields) },
      initialTechEventState(),
    );
    let state = created.reduce(evolve, initialTechEventState());
    const events: TechEventEvent[] = [...created];
    const wanted = Math.min(ids.length - 1, fields.maxAttendees ?? 40, randomInt(rng, 2, 18));
    // Registrations taken a week before the event (or now, for events further off), before it ends.
    const when = new Date(Math.min(now.getTime(), Date.parse(state.endsAt) - 7 * DAY_MS)).toISOString();
    const attendeeIds = ids.filter((id) => id !== organizerId).slice(0, wanted);
    for (const userId of attendeeIds) {
      const seat = decide({ type: 'Register', userId, now: when }, state);
      state = seat.reduce(evolve, state);
      events.push(...seat);
    }
    const seeded: SeededEvent = {
      publishedAt,
      eventId,
      title: fields.title,
      date: fields.date,
      time: fields.time,
      topic,
      organizerId,
      attendeeIds,
    };
    return { eventId, events, seeded };
  });
  await db.transaction().execute(async (trx) => {
    for (const { card, at } of people) await upsertPerson(trx, card, at);
    // A hundred streams (up to two thousand events) per statement stay under PostgreSQL's parameter limit.
    for (let i = 0; i < streams.length; i += 100)
      await importEvents(trx, techEventAggregate, {
        schema: 'events',
        metadata,
        now: publishedAt,
        appends: streams.slice(i, i + 100).map((s) => ({ id: s.eventId, expectedVersion: 0, events: s.events })),
      });
  });
  return streams.map((s) => s.seeded);
}
