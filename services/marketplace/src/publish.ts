import { type EventEnvelope, GigDeleted, GigPublished, GigUnpublished, GigUpdated } from '@commonwork/contracts';
import { type StoredEvent, toEnvelope } from '@commonwork/kit';
import type { GigEvent, GigFields } from './gigs/gig.ts';

const cardOf = (gigId: string, ownerId: string, f: GigFields) => ({
  gigId,
  ownerId,
  title: f.title,
  category: f.category,
  subCategory: f.subCategory,
  price: f.price,
  deliveryTime: f.deliveryTime,
  tags: f.tags,
});

/**
 * Chooses what marketplace publishes: drafts are private, so only changes others can see become
 * events (published, updated, unpublished, deleted), each carrying what consumers keep.
 */
export function publishGigEvent(stored: StoredEvent): EventEnvelope | null {
  const event = { type: stored.type, data: stored.data } as GigEvent;
  const envelope = (type: string, version: number, data: unknown) => ({ ...toEnvelope(stored), type, version, data });
  switch (event.type) {
    case 'GigCreated': {
      const { gigId, ownerId, status, fields } = event.data;
      return status === 'active' ? envelope(GigPublished.type, GigPublished.version, cardOf(gigId, ownerId, fields)) : null;
    }
    case 'GigEdited': {
      const { gigId, ownerId, status, previousStatus, fields } = event.data;
      if (status === 'active' && previousStatus === 'draft')
        return envelope(GigPublished.type, GigPublished.version, cardOf(gigId, ownerId, fields));
      if (status === 'active') return envelope(GigUpdated.type, GigUpdated.version, cardOf(gigId, ownerId, fields));
      if (previousStatus === 'active') return envelope(GigUnpublished.type, GigUnpublished.version, { gigId, ownerId });
      return null;
    }
    case 'GigDeleted': {
      const { gigId, ownerId, title } = event.data;
      return envelope(GigDeleted.type, GigDeleted.version, { gigId, ownerId, title });
    }
    default: {
      const never: never = event;
      return never;
    }
  }
}
