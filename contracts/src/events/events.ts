import { z } from 'zod';
import { EventCategory, LocationType } from '../techEvents.ts';
import { defineEvent } from './envelope.ts';

/** What other services keep of a published tech event (event-carried state). */
export const TechEventCard = z.object({
  eventId: z.uuid(),
  organizerId: z.uuid(),
  title: z.string(),
  category: EventCategory,
  locationType: LocationType,
  startsAt: z.string(),
  endsAt: z.string(),
});
export type TechEventCard = z.infer<typeof TechEventCard>;

/** An event became visible to everyone. Emitted by events; consumed by messaging (the event's channel) and notifications. */
export const TechEventPublished = defineEvent(
  'events.event.published',
  1,
  // The saved draft it was created from, if any: the drafts service removes it.
  TechEventCard.extend({ fromDraftId: z.uuid().optional() }),
);

/** A published event changed. Emitted by events; consumed like published. */
export const TechEventUpdated = defineEvent('events.event.updated', 1, TechEventCard);

/** A published event was taken down: back to draft or deleted. Emitted by events; its channel stays, closed to new members. */
export const TechEventWithdrawn = defineEvent(
  'events.event.withdrawn',
  1,
  z.object({ eventId: z.uuid(), organizerId: z.uuid(), title: z.string(), deleted: z.boolean() }),
);

const Seat = z.object({ eventId: z.uuid(), organizerId: z.uuid(), userId: z.uuid(), title: z.string(), attendeeCount: z.number().int() });

/** A person took a seat. Emitted by events; consumed by messaging (joins the event channel) and notifications (the organiser). */
export const TechEventRegistered = defineEvent('events.event.registered', 1, Seat);

/** A person gave up their seat. Emitted by events; consumed by messaging (leaves the event channel). */
export const TechEventRegistrationCancelled = defineEvent('events.event.registration_cancelled', 1, Seat);

export const EVENTS_EVENTS = [
  TechEventPublished,
  TechEventUpdated,
  TechEventWithdrawn,
  TechEventRegistered,
  TechEventRegistrationCancelled,
] as const;
