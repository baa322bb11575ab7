import { GigDeleted, GigPublished, GigUnpublished, GigUpdated } from '@commonwork/contracts';
import { publishAs, type StoredEvent } from '@commonwork/kit';
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
export function publishGigEvent(stored: StoredEvent<GigEvent>) {
  switch (stored.type) {
    case 'GigCreated': {
      const { gigId, ownerId, status, fields, fromDraftId } = stored.data;
      return status === 'active'
        ? publishAs(GigPublished, stored, { ...cardOf(gigId, ownerId, fields), ...(fromDraftId && { fromDraftId }) })
        : null;
    }
    case 'GigEdited': {
      const { gigId, ownerId, status, previousStatus, fields } = stored.data;
      if (status === 'active' && previousStatus === 'draft') return publishAs(GigPublished, stored, cardOf(gigId, ownerId, fields));
      if (status === 'active') return publishAs(GigUpdated, stored, cardOf(gigId, ownerId, fields));
      if (previousStatus === 'active') return publishAs(GigUnpublished, stored, { gigId, ownerId });
      return null;
    }
    case 'GigDeleted': {
      const { gigId, ownerId, title } = stored.data;
      return publishAs(GigDeleted, stored, { gigId, ownerId, title });
    }
    default: {
      const never: never = stored;
      return never;
    }
  }
}
