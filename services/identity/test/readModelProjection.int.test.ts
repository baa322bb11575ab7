import {
  ChannelMessagePosted,
  ChatMessagePosted,
  channelMessage as channelMessageShape,
  chatMessage as chatMessageShape,
  GigDeleted,
  GigPublished,
  GigUnpublished,
  GigUpdated,
  TechEventPublished,
  TechEventRegistered,
  TechEventRegistrationCancelled,
  TechEventUpdated,
  TechEventWithdrawn,
} from '@commonwork/contracts';
import { published, readModelSpec, specId } from '@commonwork/kit/testing';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { subscriptions } from '../src/handlers/index.ts';
import { migrations } from '../src/migrations.ts';
import type { IdentityTables } from '../src/tables.ts';

const ada = specId(1);
const grace = specId(2);
const linus = specId(3);
/** Noon (UTC) of a day of January 2026: when an event happened, and the day its figures land on. */
const on = (day: number) => new Date(Date.UTC(2026, 0, day, 12)).toISOString();
const dayText = (day: number) => on(day).slice(0, 10);

/** A person's figures day by day (the day as text: PostgreSQL and PGlite hand a date back differently). */
const figuresOf = (db: Kysely<IdentityTables>, userId: string) =>
  db
    .selectFrom('stats_days')
    .select([sql<string>`day::text`.as('day'), 'active_gigs', 'events', 'messages'])
    .where('user_id', '=', userId)
    .orderBy('day')
    .execute();
const figures = (day: number, activeGigs: number, events: number, messages: number) => ({
  day: dayText(day),
  active_gigs: activeGigs,
  events,
  messages,
});

const gigCard = (gigId: string, ownerId = ada) => ({
  gigId,
  ownerId,
  title: 'Logo design',
  category: 'design' as const,
  subCategory: 'logo',
  price: 50,
  deliveryTime: '3' as const,
  tags: [],
});
const gigPublished = (gigId: string, day: number) => published(GigPublished, gigCard(gigId), { occurredAt: on(day) });
const gigUpdated = (gigId: string, day: number) => published(GigUpdated, gigCard(gigId), { occurredAt: on(day) });
const gigUnpublished = (gigId: string, day: number) => published(GigUnpublished, { gigId, ownerId: ada }, { occurredAt: on(day) });
const gigDeleted = (gigId: string, day: number) =>
  published(GigDeleted, { gigId, ownerId: ada, title: 'Logo design' }, { occurredAt: on(day) });

const eventCard = (eventId: string) => ({
  eventId,
  organizerId: ada,
  title: 'Meetup',
  category: 'meetup' as const,
  locationType: 'online' as const,
  startsAt: '2026-02-01T18:00:00.000Z',
  endsAt: '2026-02-01T20:00:00.000Z',
});
const meetup = specId(50);
const eventPublished = (day: number) => published(TechEventPublished, eventCard(meetup), { occurredAt: on(day) });
const eventUpdated = (day: number) => published(TechEventUpdated, eventCard(meetup), { occurredAt: on(day) });
const withdrawn = (day: number, deleted: boolean) =>
  published(TechEventWithdrawn, { eventId: meetup, organizerId: ada, title: 'Meetup', deleted }, { occurredAt: on(day) });
const seat = (userId: string) => ({ eventId: meetup, organizerId: ada, userId, title: 'Meetup', attendeeCount: 1 });
const took = (userId: string, day: number) => published(TechEventRegistered, seat(userId), { occurredAt: on(day) });
const gaveUp = (userId: string, day: number) => published(TechEventRegistrationCancelled, seat(userId), { occurredAt: on(day) });

const channelMessage = (userId: string, day: number, n: number) => {
  const id = specId(100 + n);
  const channel = specId(10);
  return published(
    ChannelMessagePosted,
    {
      channelId: channel,
      message: channelMessageShape({
        id,
        channelId: channel,
        sequence: n,
        sender: { id: userId, name: 'Ada', picture: '' },
        content: 'hello',
        clientId: null,
        createdAt: on(day),
      }),
      messageCount: n,
      lastActivity: on(day),
    },
    { occurredAt: on(day) },
  );
};
const chatMessage = (userId: string, day: number, n: number) => {
  const id = specId(200 + n);
  const chatId = specId(20);
  return published(
    ChatMessagePosted,
    {
      chatId,
      participantIds: [ada, grace],
      message: chatMessageShape({
        id,
        chatId,
        sequence: n,
        sender: { id: userId, name: 'Ada', picture: '' },
        content: 'hi',
        clientId: null,
        createdAt: on(day),
      }),
    },
    { occurredAt: on(day) },
  );
};

describe("identity's statistics, counted from other services' events", () => {
  const spec = readModelSpec<IdentityTables>({ schema: 'identity', migrations, subscriptions });

  describe('messages (messaging)', () => {
    it('counts every message a person sends, in a channel or a chat, on the day it was sent and every day after', () =>
      spec
        .given(channelMessage(ada, 1, 1), chatMessage(ada, 1, 1), chatMessage(grace, 1, 2))
        .given(channelMessage(ada, 3, 2))
        .then(async (db) => {
          expect(await figuresOf(db, ada)).toEqual([figures(1, 0, 0, 2), figures(3, 0, 0, 3)]);
          expect(await figuresOf(db, grace)).toEqual([figures(1, 0, 0, 1)]);
        }));

    it('counts a redelivered message once', () => {
      const message = channelMessage(ada, 1, 1);
      return spec
        .given(message)
        .given(message, chatMessage(ada, 2, 1))
        .given(message)
        .then(async (db) => {
          expect(await figuresOf(db, ada)).toEqual([figures(1, 0, 0, 1), figures(2, 0, 0, 2)]);
        });
    });

    it("leaves each day's figures right when a person's events of different days come out of order", () =>
      spec
        .given(channelMessage(ada, 5, 1))
        .given(chatMessage(ada, 2, 1))
        .given(channelMessage(ada, 3, 2))
        .then(async (db) => {
          expect(await figuresOf(db, ada)).toEqual([figures(2, 0, 0, 1), figures(3, 0, 0, 2), figures(5, 0, 0, 3)]);
        }));
  });

  describe('active gigs (marketplace)', () => {
    const logo = specId(30);
    const site = specId(31);

    it('counts a gig while it is active: once however often it is published or updated, one less when unpublished or deleted', () =>
      spec
        .given(gigPublished(logo, 1), gigUpdated(logo, 1), gigPublished(site, 2))
        .given(gigUpdated(site, 3), gigUnpublished(logo, 3))
        .given(gigDeleted(site, 4), gigDeleted(logo, 4))
        .then(async (db) => {
          expect(await figuresOf(db, ada)).toEqual([figures(1, 1, 0, 0), figures(2, 2, 0, 0), figures(3, 1, 0, 0), figures(4, 0, 0, 0)]);
          expect(await db.selectFrom('stats_gigs').selectAll().orderBy('gig_id').execute()).toEqual([
            { gig_id: logo, owner_id: ada, active: false },
            { gig_id: site, owner_id: ada, active: false },
          ]);
        }));

    it('counts a gig published again after it was unpublished', () =>
      spec
        .given(gigPublished(logo, 1))
        .given(gigUnpublished(logo, 2))
        .given(gigPublished(logo, 3))
        .then(async (db) => {
          expect(await figuresOf(db, ada)).toEqual([figures(1, 1, 0, 0), figures(2, 0, 0, 0), figures(3, 1, 0, 0)]);
        }));

    it("puts a gig's late change on its own day, the days after it moving with it", () =>
      spec
        .given(gigPublished(logo, 1), gigPublished(site, 4))
        .given(gigUnpublished(logo, 2))
        .then(async (db) => {
          expect(await figuresOf(db, ada)).toEqual([figures(1, 1, 0, 0), figures(2, 0, 0, 0), figures(4, 1, 0, 0)]);
        }));
  });

  describe('events (the events service)', () => {
    it('counts the organiser of a published event and each person holding a seat, once each; a cancelled seat one less', () =>
      spec
        .given(eventPublished(1), eventUpdated(1), took(grace, 1), took(linus, 1))
        .given(took(grace, 2), eventUpdated(2), gaveUp(linus, 2))
        .then(async (db) => {
          expect(await figuresOf(db, ada)).toEqual([figures(1, 0, 1, 0)]);
          expect(await figuresOf(db, grace)).toEqual([figures(1, 0, 1, 0)]);
          expect(await figuresOf(db, linus)).toEqual([figures(1, 0, 1, 0), figures(2, 0, 0, 0)]);
          expect(await db.selectFrom('stats_event_people').selectAll().orderBy('user_id').execute()).toEqual([
            { event_id: meetup, user_id: ada, organizer: true },
            { event_id: meetup, user_id: grace, organizer: false },
          ]);
        }));

    it('stops counting an event taken back to draft for its organiser only, and a deleted one for everyone', () =>
      spec
        .given(eventPublished(1), took(grace, 1))
        .given(withdrawn(2, false))
        .given(eventPublished(3))
        .given(withdrawn(4, true))
        .then(async (db) => {
          expect(await figuresOf(db, ada)).toEqual([figures(1, 0, 1, 0), figures(2, 0, 0, 0), figures(3, 0, 1, 0), figures(4, 0, 0, 0)]);
          expect(await figuresOf(db, grace)).toEqual([figures(1, 0, 1, 0), figures(4, 0, 0, 0)]);
          expect(await db.selectFrom('stats_event_people').selectAll().execute()).toEqual([]);
        }));
  });

  it("keeps one person's gigs, events and messages on the same days together", () =>
    spec
      .given(gigPublished(specId(30), 2))
      .given(channelMessage(ada, 1, 1), eventPublished(3))
      .then(async (db) => {
        expect(await figuresOf(db, ada)).toEqual([figures(1, 0, 0, 1), figures(2, 1, 0, 1), figures(3, 1, 1, 1)]);
      }));
});
