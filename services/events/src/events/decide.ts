import { EVENT_MESSAGES, type EventFields, type EventStatus } from '@commonwork/contracts';
import { createError, type Decider, Forbidden, ValidationFailed } from '@commonwork/kit';
import { registrationClosesAt } from './schedule.ts';
import { initialTechEventState, type Schedule, type TechEventEvent, type TechEventState } from './techEvent.ts';

export const EventNotFound = createError('EVENT_NOT_FOUND', EVENT_MESSAGES.notFound, 404);
const EventFull = createError('EVENT_FULL', EVENT_MESSAGES.full, 409);
const EventEnded = createError('EVENT_ENDED', EVENT_MESSAGES.ended, 409);
const RegistrationClosed = createError('REGISTRATION_CLOSED', EVENT_MESSAGES.rsvpClosed, 409);
const NotRegistered = createError('NOT_REGISTERED', EVENT_MESSAGES.notRegistered, 409);

export type TechEventCommand =
  | {
      type: 'CreateEvent';
      eventId: string;
      actorId: string;
      status: EventStatus;
      fields: EventFields;
      schedule: Schedule;
      fromDraftId?: string | undefined;
    }
  | { type: 'EditEvent'; actorId: string; status: EventStatus; fields: EventFields; schedule: Schedule }
  | { type: 'DeleteEvent'; actorId: string }
  | { type: 'Register'; userId: string; now: string }
  | { type: 'CancelRegistration'; userId: string };

const detailsOf = (fields: EventFields, schedule: Schedule) => ({
  title: fields.title,
  maxAttendees: fields.maxAttendees,
  endsAt: schedule.endsAt,
  registrationClosesAt: registrationClosesAt(fields, schedule),
});

export function evolve(state: TechEventState, event: TechEventEvent): TechEventState {
  switch (event.type) {
    case 'EventCreated': {
      const { eventId, organizerId, status, fields, schedule } = event.data;
      return { ...state, exists: true, eventId, organizerId, status, ...detailsOf(fields, schedule) };
    }
    case 'EventEdited':
      return { ...state, status: event.data.status, ...detailsOf(event.data.fields, event.data.schedule) };
    case 'EventDeleted':
      return { ...state, deleted: true };
    case 'AttendeeRegistered':
      return { ...state, attendees: [...state.attendees, event.data.userId] };
    case 'RegistrationCancelled':
      return { ...state, attendees: state.attendees.filter((id) => id !== event.data.userId) };
    default: {
      const never: never = event;
      return never;
    }
  }
}

const seat = (state: TechEventState, userId: string, attendeeCount: number) => ({
  eventId: state.eventId,
  organizerId: state.organizerId,
  title: state.title,
  userId,
  attendeeCount,
});

const live = (state: TechEventState) => {
  if (!state.exists || state.deleted) throw EventNotFound();
};

/** Only the organiser changes an event; a deleted one is gone for everyone. */
function organisedBy(state: TechEventState, actorId: string) {
  live(state);
  if (state.organizerId !== actorId) throw Forbidden('You can only change your own events');
}

export function decide(command: TechEventCommand, state: TechEventState): TechEventEvent[] {
  switch (command.type) {
    case 'CreateEvent': {
      const { eventId, actorId, status, fields, schedule, fromDraftId } = command;
      return [
        { type: 'EventCreated', data: { eventId, organizerId: actorId, status, fields, schedule, ...(fromDraftId && { fromDraftId }) } },
      ];
    }
    case 'EditEvent': {
      organisedBy(state, command.actorId);
      const seats = command.fields.maxAttendees;
      if (seats !== null && seats < state.attendees.length) {
        const message = `Max attendees cannot be fewer than the ${state.attendees.length} people already registered`;
        throw ValidationFailed(message, [{ field: 'maxAttendees', message }]);
      }
      const { status, fields, schedule } = command;
      return [
        {
          type: 'EventEdited',
          data: { eventId: state.eventId, organizerId: state.organizerId, status, previousStatus: state.status, fields, schedule },
        },
      ];
    }
    case 'DeleteEvent':
      organisedBy(state, command.actorId);
      return [
        {
          type: 'EventDeleted',
          data: { eventId: state.eventId, organizerId: state.organizerId, title: state.title, wasPublished: state.status === 'published' },
        },
      ];
    case 'Register': {
      live(state);
      // A draft is seen by its organiser only: to anyone else it does not exist.
      if (state.status !== 'published') throw EventNotFound();
      if (state.organizerId === command.userId) throw Forbidden(EVENT_MESSAGES.organizer);
      // Registering twice counts once, and answers as the first time did.
      if (state.attendees.includes(command.userId)) return [];
      if (command.now >= state.endsAt) throw EventEnded();
      if (command.now >= state.registrationClosesAt) throw RegistrationClosed();
      if (state.maxAttendees !== null && state.attendees.length >= state.maxAttendees) throw EventFull();
      return [{ type: 'AttendeeRegistered', data: seat(state, command.userId, state.attendees.length + 1) }];
    }
    case 'CancelRegistration':
      live(state);
      if (!state.attendees.includes(command.userId)) throw NotRegistered();
      return [{ type: 'RegistrationCancelled', data: seat(state, command.userId, state.attendees.length - 1) }];
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const techEventDecider: Decider<TechEventState, TechEventCommand, TechEventEvent> = {
  initialState: initialTechEventState,
  evolve,
  decide,
};
