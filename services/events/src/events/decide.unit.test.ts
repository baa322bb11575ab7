import { EventInput } from '@commonwork/contracts';
import { Forbidden, ValidationFailed } from '@commonwork/kit';
import { deciderSpec } from '@commonwork/kit/testing';
import { describe, expect, it } from 'vitest';
import { EventNotFound, techEventDecider } from './decide.ts';
import { scheduleOf } from './schedule.ts';
import type { TechEventEvent } from './techEvent.ts';

const eventId = '0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f';
const organizer = '11111111-2222-4333-8444-555555555555';
const ann = '22222222-3333-4444-8555-666666666666';
const ben = '33333333-4444-4555-8666-777777777777';
const cy = '44444444-5555-4666-8777-888888888888';
const { status: _status, ...fields } = EventInput.parse({
  title: 'Meetup',
  description: 'Talks',
  category: 'meetup',
  date: '2030-03-10',
  time: '18:00',
  endTime: '20:00',
  timeZone: 'Europe/Paris',
  rsvpDeadline: '2030-03-08',
  location: { type: 'offline', address: '1 Rue' },
  maxAttendees: 2,
});
const schedule = scheduleOf(fields);
const created: TechEventEvent = { type: 'EventCreated', data: { eventId, organizerId: organizer, status: 'published', fields, schedule } };
const seat = (userId: string, attendeeCount: number) => ({ eventId, organizerId: organizer, title: 'Meetup', userId, attendeeCount });
const spec = deciderSpec(techEventDecider);
const before = '2030-03-01T00:00:00.000Z';

describe('tech event decider', () => {
  it('computes instants in the event time zone (Paris is UTC+1 in March)', () => {
    expect(schedule).toEqual({ startsAt: '2030-03-10T17:00:00.000Z', endsAt: '2030-03-10T19:00:00.000Z' });
  });

  it('creates an event organised by the actor', () => {
    spec.given().when({ type: 'CreateEvent', eventId, actorId: organizer, status: 'published', fields, schedule }).then(created);
  });

  it('edits an event, remembering the status it had', () => {
    const moved = { ...fields, maxAttendees: 3 };
    spec
      .given({ type: 'EventCreated', data: { ...created.data, status: 'draft' } })
      .when({ type: 'EditEvent', actorId: organizer, status: 'published', fields: moved, schedule })
      .then({
        type: 'EventEdited',
        data: { eventId, organizerId: organizer, status: 'published', previousStatus: 'draft', fields: moved, schedule },
      });
  });

  it('gives a seat, and counts a second registration once', () => {
    spec
      .given(created)
      .when({ type: 'Register', userId: ann, now: before })
      .then({ type: 'AttendeeRegistered', data: seat(ann, 1) });
    spec
      .given(created, { type: 'AttendeeRegistered', data: seat(ann, 1) })
      .when({ type: 'Register', userId: ann, now: before })
      .thenNothing();
  });

  it('refuses the organiser, a full event, a closed RSVP, an ended event and a draft', () => {
    spec.given(created).when({ type: 'Register', userId: organizer, now: before }).thenThrows(Forbidden);
    spec
      .given(created, { type: 'AttendeeRegistered', data: seat(ann, 1) }, { type: 'AttendeeRegistered', data: seat(cy, 2) })
      .when({ type: 'Register', userId: ben, now: before })
      .thenThrows('EVENT_FULL');
    // The deadline is the end of 8 March in Paris: 23:00 UTC that day.
    spec
      .given(created)
      .when({ type: 'Register', userId: ben, now: '2030-03-08T22:59:00.000Z' })
      .then({ type: 'AttendeeRegistered', data: seat(ben, 1) });
    spec.given(created).when({ type: 'Register', userId: ben, now: '2030-03-08T23:00:00.000Z' }).thenThrows('REGISTRATION_CLOSED');
    spec.given(created).when({ type: 'Register', userId: ben, now: '2030-03-10T19:00:00.000Z' }).thenThrows('EVENT_ENDED');
    const draft: TechEventEvent = { type: 'EventCreated', data: { ...created.data, status: 'draft' } as never };
    spec.given(draft).when({ type: 'Register', userId: ben, now: before }).thenThrows(EventNotFound);
  });

  it('frees the seat on cancel, and refuses a cancel without a seat', () => {
    spec
      .given(created, { type: 'AttendeeRegistered', data: seat(ann, 1) })
      .when({ type: 'CancelRegistration', userId: ann })
      .then({ type: 'RegistrationCancelled', data: seat(ann, 0) });
    spec.given(created).when({ type: 'CancelRegistration', userId: ann }).thenThrows('NOT_REGISTERED');
  });

  it('lets only the organiser edit or delete, and never below the seats taken', () => {
    spec.given(created).when({ type: 'DeleteEvent', actorId: ann }).thenThrows(Forbidden);
    spec.given(created).when({ type: 'EditEvent', actorId: ann, status: 'published', fields, schedule }).thenThrows(Forbidden);
    spec
      .given(created, { type: 'AttendeeRegistered', data: seat(ann, 1) }, { type: 'AttendeeRegistered', data: seat(ben, 2) })
      .when({ type: 'EditEvent', actorId: organizer, status: 'published', fields: { ...fields, maxAttendees: 1 }, schedule })
      .thenThrows(ValidationFailed, (error) => error.details?.[0]?.field === 'maxAttendees');
    spec
      .given(created)
      .when({ type: 'DeleteEvent', actorId: organizer })
      .then({ type: 'EventDeleted', data: { eventId, organizerId: organizer, title: 'Meetup', wasPublished: true } });
    spec
      .given(created, { type: 'EventDeleted', data: { eventId, organizerId: organizer, title: 'Meetup', wasPublished: true } })
      .when({ type: 'Register', userId: ann, now: before })
      .thenThrows(EventNotFound);
  });
});
