import {
  TechEventPublished,
  TechEventRegistered,
  TechEventRegistrationCancelled,
  TechEventUpdated,
  TechEventWithdrawn,
} from '@commonwork/contracts';
import { publishAs, type StoredEvent } from '@commonwork/kit';
import type { TechEventEvent } from './events/techEvent.ts';

/**
 * Chooses what the events service publishes: drafts are private, so only what others can see
 * becomes an event. Seats carry the event's organiser and title, so consumers (the event channel,
 * notifications) need no call back.
 */
export function publishTechEvent(stored: StoredEvent<TechEventEvent>) {
  switch (stored.type) {
    case 'EventCreated':
    case 'EventEdited': {
      const { eventId, organizerId, status, fields, schedule } = stored.data;
      const previousStatus = stored.type === 'EventEdited' ? stored.data.previousStatus : 'draft';
      const card = {
        eventId,
        organizerId,
        title: fields.title,
        category: fields.category,
        locationType: fields.location.type,
        startsAt: schedule.startsAt,
        endsAt: schedule.endsAt,
      };
      if (status === 'published' && previousStatus === 'published') return publishAs(TechEventUpdated, stored, card);
      if (status === 'published') {
        const fromDraftId = stored.type === 'EventCreated' ? stored.data.fromDraftId : undefined;
        return publishAs(TechEventPublished, stored, { ...card, ...(fromDraftId && { fromDraftId }) });
      }
      if (previousStatus === 'published')
        return publishAs(TechEventWithdrawn, stored, { eventId, organizerId, title: fields.title, deleted: false });
      return null;
    }
    case 'EventDeleted': {
      const { eventId, organizerId, title, wasPublished } = stored.data;
      return wasPublished ? publishAs(TechEventWithdrawn, stored, { eventId, organizerId, title, deleted: true }) : null;
    }
    case 'AttendeeRegistered':
      return publishAs(TechEventRegistered, stored, stored.data);
    case 'RegistrationCancelled':
      return publishAs(TechEventRegistrationCancelled, stored, stored.data);
    default: {
      const never: never = stored;
      return never;
    }
  }
}
