import type { EventFields, EventStatus } from '@commonwork/contracts';

/** When an event runs, as instants (ISO), computed once from its day, clock and time zone. */
export interface Schedule {
  startsAt: string;
  endsAt: string;
}

/** The events service's stored events (`publish.ts` maps what others see). */
export type TechEventEvent =
  | {
      type: 'EventCreated';
      data: { eventId: string; organizerId: string; status: EventStatus; fields: EventFields; schedule: Schedule; fromDraftId?: string };
    }
  | {
      type: 'EventEdited';
      data: {
        eventId: string;
        organizerId: string;
        status: EventStatus;
        previousStatus: EventStatus;
        fields: EventFields;
        schedule: Schedule;
      };
    }
  | { type: 'EventDeleted'; data: { eventId: string; organizerId: string; title: string; wasPublished: boolean } }
  | { type: 'AttendeeRegistered'; data: Seat }
  | { type: 'RegistrationCancelled'; data: Seat };

/** A seat taken or given up, with what consumers of it show (the event's title and organiser). */
export interface Seat {
  eventId: string;
  organizerId: string;
  title: string;
  userId: string;
  attendeeCount: number;
}

/**
 * An event folded from its stream: what every decision needs. A hot stream (a popular event takes
 * many registrations at once), so the kit keeps this as a JSON snapshot.
 */
export interface TechEventState {
  exists: boolean;
  deleted: boolean;
  eventId: string;
  organizerId: string;
  status: EventStatus;
  title: string;
  maxAttendees: number | null;
  endsAt: string;
  /** The last instant a seat may be taken: the end of the RSVP deadline's day, else the event's end. */
  registrationClosesAt: string;
  attendees: string[];
}

export const initialTechEventState = (): TechEventState => ({
  exists: false,
  deleted: false,
  eventId: '',
  organizerId: '',
  status: 'draft',
  title: '',
  maxAttendees: null,
  endsAt: '',
  registrationClosesAt: '',
  attendees: [],
});
