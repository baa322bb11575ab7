import { type EventFields, EventInput, type EventStatus } from '@commonwork/contracts';
import { batchTime, buildEvent, projectionSpec, SPEC_START, specId } from '@commonwork/kit/testing';
import { describe, expect, it } from 'vitest';
import { techEventAggregate } from '../src/events/aggregate.ts';
import type { TechEventEvent } from '../src/events/techEvent.ts';
import { migrations } from '../src/migrations.ts';

const organizer = specId(100);
const schedule = { startsAt: '2026-02-01T18:30:00.000Z', endsAt: '2026-02-01T21:00:00.000Z' };
const fieldsOf = (title: string, tags: string[]): EventFields => {
  const {
    status: _status,
    draftId: _draftId,
    ...fields
  } = EventInput.parse(buildEvent({ title, tags, date: '2026-02-01', maxAttendees: 2 }));
  return fields;
};
const created = (n: number, title: string, tags: string[] = ['typescript']): TechEventEvent => ({
  type: 'EventCreated',
  data: { eventId: specId(n), organizerId: organizer, status: 'published', fields: fieldsOf(title, tags), schedule },
});
const edited = (n: number, title: string, status: EventStatus, tags: string[] = ['typescript']): TechEventEvent => ({
  type: 'EventEdited',
  data: { eventId: specId(n), organizerId: organizer, status, previousStatus: 'published', fields: fieldsOf(title, tags), schedule },
});
const seat = (type: 'AttendeeRegistered' | 'RegistrationCancelled', n: number, user: number, attendeeCount: number): TechEventEvent => ({
  type,
  data: { eventId: specId(n), organizerId: organizer, title: 'Meetup', userId: specId(user), attendeeCount },
});
const registered = (n: number, user: number, count: number) => seat('AttendeeRegistered', n, user, count);
const cancelled = (n: number, user: number, count: number) => seat('RegistrationCancelled', n, user, count);
const deleted = (n: number): TechEventEvent => ({
  type: 'EventDeleted',
  data: { eventId: specId(n), organizerId: organizer, title: 'Meetup', wasPublished: true },
});

describe('the events projection', () => {
  const spec = projectionSpec({ schema: 'events', migrations, aggregate: techEventAggregate, idOf: (e) => e.data.eventId });

  it('writes a created event: its fields, schedule as instants, location as one object, no attendees yet', () =>
    spec.given(created(1, 'TypeScript meetup')).thenRows('events', [
      {
        id: specId(1),
        organizer_id: organizer,
        title: 'TypeScript meetup',
        category: 'meetup',
        date: '2026-02-01',
        time: '18:30',
        end_time: '21:00',
        time_zone: 'Europe/London',
        starts_at: new Date(schedule.startsAt),
        ends_at: new Date(schedule.endsAt),
        location_type: 'offline',
        location: { venue: 'Hub', address: '1 Main Street', city: 'London', country: 'UK', meetingLink: '' },
        price: 0,
        currency: 'USD',
        max_attendees: 2,
        attendee_count: 0,
        tags: ['typescript'],
        tags_text: 'typescript',
        status: 'published',
        version: 1,
        created_at: SPEC_START,
        updated_at: SPEC_START,
      },
    ]));

  it('remembers the words of titles and tags (three letters or more, lower case, once) for typo correction', () =>
    spec
      .given(created(1, 'Rust & Go night', ['rust', 'systems']))
      .given(edited(1, 'Rust night', 'published', ['rust', 'wasm']))
      .thenRows('search_words', [{ word: 'night' }, { word: 'rust' }, { word: 'systems' }, { word: 'wasm' }]));

  it('replaces the fields and status of an edited event, keeps when it was created', () =>
    spec
      .given(created(1, 'Meetup'))
      .given(edited(1, 'Meetup, moved', 'draft'))
      .thenRows('events', [
        { id: specId(1), title: 'Meetup, moved', status: 'draft', version: 2, created_at: SPEC_START, updated_at: batchTime(1) },
      ]));

  it('seats attendees and gives seats back, the count as the last seat left it, whether projected together or apart', () =>
    spec
      .given(created(1, 'Meetup'), registered(1, 10, 1), registered(1, 11, 2))
      .given(cancelled(1, 10, 1))
      .given(registered(1, 12, 2), cancelled(1, 12, 1), registered(1, 13, 2))
      .thenRows('event_attendees', [
        { event_id: specId(1), user_id: specId(11), registered_at: SPEC_START },
        { event_id: specId(1), user_id: specId(13), registered_at: batchTime(2) },
      ]));

  it('counts seats per event when two events take seats in one batch, and takes the version of the last seat', () =>
    spec
      .given(created(1, 'One'), created(2, 'Two'))
      .given(registered(1, 10, 1), registered(2, 10, 1), registered(2, 11, 2), registered(1, 11, 2), cancelled(1, 10, 1))
      .thenRows('events', [
        { id: specId(1), attendee_count: 1, version: 4 },
        { id: specId(2), attendee_count: 2, version: 3 },
      ]));

  it('removes a deleted event and its attendees; the other event keeps its own', () =>
    spec
      .given(created(1, 'Kept'), created(2, 'Gone'), registered(1, 10, 1), registered(2, 10, 1))
      .given(deleted(2))
      .then(async (db) => {
        const events = await db.selectFrom('events').select('id').execute();
        const seats = await db.selectFrom('event_attendees').select(['event_id', 'user_id']).execute();
        expect(events).toEqual([{ id: specId(1) }]);
        expect(seats).toEqual([{ event_id: specId(1), user_id: specId(10) }]);
      }));
});
