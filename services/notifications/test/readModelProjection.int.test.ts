import {
  ChannelCreated,
  type PublicUserCard,
  TechEventPublished,
  TechEventRegistered,
  TechEventRegistrationCancelled,
  TechEventUpdated,
  TechEventWithdrawn,
  UserPreferencesUpdated,
  UserProfileUpdated,
  UserRegistered,
} from '@commonwork/contracts';
import { published, readModelSpec, SPEC_START, specId } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import { subscriptions } from '../src/handlers/index.ts';
import { migrations } from '../src/migrations.ts';

const ada = specId(1);
const grace = specId(2);
const linus = specId(3);
const meetup = specId(50);
const hackathon = specId(51);
const at = (minutes: number) => new Date(SPEC_START.getTime() + minutes * 60_000).toISOString();

const card = (userId: string, name: string, picture: string): PublicUserCard => ({
  userId,
  name,
  username: null,
  picture,
  title: '',
  location: '',
  skills: [],
});
const registered = (userId: string, name: string, minutes = 0) =>
  published(
    UserRegistered,
    { ...card(userId, name, 'https://example.com/a.png'), email: `${name}@example.com`, authProvider: 'google' },
    { occurredAt: at(minutes) },
  );
const updated = (name: string, minutes: number, picture = 'https://example.com/b.png') =>
  published(UserProfileUpdated, card(ada, name, picture), { occurredAt: at(minutes) });
const preferences = (notifications: Record<string, boolean>, minutes: number) =>
  published(
    UserPreferencesUpdated,
    { userId: ada, notifications, profileVisibility: 'public', searchable: true },
    { occurredAt: at(minutes) },
  );

const eventCard = (eventId: string, title: string, startsAt: string) => ({
  eventId,
  organizerId: ada,
  title,
  category: 'meetup' as const,
  locationType: 'online' as const,
  startsAt,
  endsAt: '2026-02-01T20:00:00.000Z',
});
const eventPublished = (eventId: string, title: string, startsAt: string, minutes = 0) =>
  published(TechEventPublished, eventCard(eventId, title, startsAt), { occurredAt: at(minutes) });
const eventUpdated = (eventId: string, title: string, startsAt: string, minutes: number) =>
  published(TechEventUpdated, eventCard(eventId, title, startsAt), { occurredAt: at(minutes) });
const withdrawn = (eventId: string, minutes: number, deleted = true) =>
  published(TechEventWithdrawn, { eventId, organizerId: ada, title: 'Meetup', deleted }, { occurredAt: at(minutes) });
const seat = (eventId: string, userId: string) => ({ eventId, organizerId: ada, userId, title: 'Meetup', attendeeCount: 1 });
const took = (eventId: string, userId: string) => published(TechEventRegistered, seat(eventId, userId));
const gaveUp = (eventId: string, userId: string) => published(TechEventRegistrationCancelled, seat(eventId, userId));

describe("the notifications service's read models of other services' events", () => {
  const spec = readModelSpec({ schema: 'notifications', migrations, subscriptions });

  describe('people (identity)', () => {
    it('keeps the address from registration and the name and picture from the newest card; everyone wants every notification until told', () =>
      spec
        .given(registered(ada, 'Ada'), registered(grace, 'Grace'))
        .given(updated('Ada King', 1))
        .thenRows('people', [
          {
            user_id: ada,
            name: 'Ada King',
            email: 'Ada@example.com',
            picture: 'https://example.com/b.png',
            updated_at: new Date(at(1)),
            marketplace_alerts: true,
            message_notifications: true,
            event_reminders: true,
            push: true,
            email_digest: true,
          },
          { user_id: grace, name: 'Grace', email: 'Grace@example.com', updated_at: SPEC_START },
        ]));

    it('keeps the newest card whatever order the changes come in: an older one arriving late changes nothing', () =>
      spec
        .given(registered(ada, 'Ada'))
        .given(updated('Ada King', 2, 'https://example.com/new.png'))
        .given(updated('Ada (older)', 1, 'https://example.com/old.png'))
        .thenRows('people', [{ user_id: ada, name: 'Ada King', email: 'Ada@example.com', picture: 'https://example.com/new.png' }]));

    it('keeps the preferences asked for (an unnamed one stays on, `email` being the digest), and a later card leaves them be', () =>
      spec
        .given(registered(ada, 'Ada'))
        .given(preferences({ marketplaceAlerts: false, email: false }, 1))
        .given(updated('Ada King', 2))
        .thenRows('people', [
          {
            user_id: ada,
            name: 'Ada King',
            email: 'Ada@example.com',
            marketplace_alerts: false,
            message_notifications: true,
            event_reminders: true,
            push: true,
            email_digest: false,
          },
        ]));

    it('keeps the preferences of someone not known yet under a stand-in name, which their card then replaces', () =>
      spec
        .given(preferences({ push: false }, 1))
        .given(updated('Ada King', 2))
        .thenRows('people', [{ user_id: ada, name: 'Ada King', push: false, message_notifications: true, updated_at: new Date(at(2)) }]));

    it('names someone whose preferences come before their registration by the registration, however old, with its address', () =>
      spec
        .given(preferences({ push: false }, 2))
        .given(registered(ada, 'Ada', 1))
        .thenRows('people', [{ user_id: ada, name: 'Ada', email: 'Ada@example.com', push: false, updated_at: new Date(at(1)) }]));

    it('gives the address of a registration that arrives after a newer profile change, keeping the newer card', () =>
      spec
        .given(updated('Ada King', 2))
        .given(registered(ada, 'Ada', 1))
        .thenRows('people', [{ user_id: ada, name: 'Ada King', email: 'Ada@example.com', updated_at: new Date(at(2)) }]));

    it('handles a redelivered card once', () => {
      const change = updated('Ada King', 1);
      return spec
        .given(registered(ada, 'Ada'), change)
        .given(change)
        .thenRows('people', [{ user_id: ada, name: 'Ada King', updated_at: new Date(at(1)) }]);
    });
  });

  describe('channels (messaging)', () => {
    const created = (channelId: string, name: string, creatorId = ada) =>
      published(ChannelCreated, { channelId, name, type: 'public', creatorId });

    it('keeps each channel with its creator and name, the first telling only', () =>
      spec
        .given(created(specId(10), 'general'), created(specId(11), 'random', grace))
        .given(created(specId(10), 'renamed', linus))
        .thenRows('channels', [
          { channel_id: specId(10), creator_id: ada, name: 'general' },
          { channel_id: specId(11), creator_id: grace, name: 'random' },
        ]));
  });

  describe('tech_events (events)', () => {
    it('keeps each published event and when it starts, as the newest change tells it', () =>
      spec
        .given(
          eventPublished(meetup, 'Meetup', '2026-02-01T18:00:00.000Z'),
          eventPublished(hackathon, 'Hackathon', '2026-03-01T09:00:00.000Z'),
        )
        .given(eventUpdated(meetup, 'Meetup, later', '2026-02-02T18:00:00.000Z', 1))
        .thenRows('tech_events', [
          {
            event_id: meetup,
            title: 'Meetup, later',
            starts_at: new Date('2026-02-02T18:00:00.000Z'),
            updated_at: new Date(at(1)),
          },
          { event_id: hackathon, title: 'Hackathon', starts_at: new Date('2026-03-01T09:00:00.000Z'), updated_at: SPEC_START },
        ]));

    it('keeps the newest change whatever order they come in: an older one arriving late changes nothing', () =>
      spec
        .given(eventPublished(meetup, 'Meetup', '2026-02-01T18:00:00.000Z'))
        .given(eventUpdated(meetup, 'Newest', '2026-02-03T18:00:00.000Z', 2))
        .given(eventUpdated(meetup, 'Older', '2026-02-02T18:00:00.000Z', 1))
        .thenRows('tech_events', [{ event_id: meetup, title: 'Newest', starts_at: new Date('2026-02-03T18:00:00.000Z') }]));

    it('forgets an event taken down (back to draft or deleted), but not for a withdrawal older than the change it has', () =>
      spec
        .given(
          eventPublished(meetup, 'Meetup', '2026-02-01T18:00:00.000Z'),
          eventPublished(hackathon, 'Hackathon', '2026-03-01T09:00:00.000Z'),
        )
        .given(withdrawn(meetup, 1, false), eventUpdated(hackathon, 'Hackathon', '2026-03-01T09:00:00.000Z', 3))
        .given(withdrawn(hackathon, 2))
        .thenRows('tech_events', [{ event_id: hackathon, updated_at: new Date(at(3)) }]));
  });

  describe('event_attendees (events)', () => {
    it('keeps who holds a seat at which event, once however often the seat is told, and lets go of a cancelled seat', () => {
      const graceTook = took(meetup, grace);
      return spec
        .given(graceTook, took(meetup, linus), took(hackathon, grace))
        .given(graceTook, gaveUp(meetup, linus))
        .thenRows('event_attendees', [
          { event_id: meetup, user_id: grace },
          { event_id: hackathon, user_id: grace },
        ]);
    });

    it('lets go of every seat of an event taken down', () =>
      spec
        .given(took(meetup, grace), took(meetup, linus), took(hackathon, linus))
        .given(withdrawn(meetup, 1, false))
        .thenRows('event_attendees', [{ event_id: hackathon, user_id: linus }]));
  });
});
