import { GigDeleted, GigPublished, GigUnpublished, GigUpdated } from '@commonwork/contracts';
import { publishAs, type StoredEvent } from '@commonwork/kit';
import type { FavoriteEvent } from './favorites/favorite.ts';
import type { GigEvent, GigFields } from './gigs/gig.ts';

/** Every event marketplace stores: its gigs' and its favourites'. */
export type MarketplaceEvent = GigEvent | FavoriteEvent;

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
 * events (published, updated, unpublished, deleted), each carrying what consumers keep. Favourites
 * are a person's own and no other service keeps them: not published.
 */
export function publishMarketplaceEvent(stored: StoredEvent<MarketplaceEvent>) {
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
    case 'GigFavorited':
    case 'GigUnfavorited':
      return null;
    default: {
      const never: never = stored;
      return never;
    }
  }
}
