import type { Gig } from '@commonwork/contracts';
import type { StoredEvent } from '@commonwork/kit';
import type { FreelancersTable, GigRow } from '../tables.ts';
import type { GigEvent } from './gig.ts';
import { columnsOf } from './projection.ts';

/** A gig row joined with its freelancer's card and view count, as the listing and detail queries return it. */
export interface GigView extends GigRow {
  views: string | number | null;
  freelancer_name: string | null;
  freelancer_picture: string | null;
  freelancer_location: string | null;
  /** Whether the reader favourited it; null when read for nobody in particular (anonymous, trending). */
  is_favorite: boolean | null;
}

/** The gig as screens read it. A freelancer not yet known locally shows as 'Freelancer' until identity's event arrives. */
export function presentGig(row: GigView): Gig {
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    subCategory: row.sub_category,
    price: Number(row.price),
    deliveryTime: row.delivery_time,
    tags: row.tags,
    status: row.status,
    rating: row.rating,
    reviews: row.reviews,
    orders: row.orders,
    views: Number(row.views ?? 0),
    favorites: row.favorites,
    ...(row.is_favorite !== null && { isFavorite: Boolean(row.is_favorite) }),
    freelancer: {
      _id: row.owner_id,
      name: row.freelancer_name ?? 'Freelancer',
      picture: row.freelancer_picture ?? '',
      status: 'offline',
      profile: { location: row.freelancer_location || 'Remote' },
    },
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** What a freelancer's gigs show of them: their card, when identity's event has reached marketplace. */
export type FreelancerCard = Pick<FreelancersTable, 'name' | 'picture' | 'location'>;

/**
 * A gig just created, as the detail query will read it once its row is written: from its event and
 * its freelancer's card, so the answer exists before the write (and is recorded with it).
 */
export function createdGigView(events: readonly StoredEvent<GigEvent>[], card: FreelancerCard | undefined): GigView {
  const stored = events.find((e) => e.type === 'GigCreated');
  if (stored?.type !== 'GigCreated') throw new Error('CreateGig decided no GigCreated');
  const { gigId, ownerId, status, fields } = stored.data;
  return {
    id: gigId,
    owner_id: ownerId,
    ...columnsOf(fields),
    // Read back from jsonb, the tags are an array again.
    tags: fields.tags,
    status,
    rating: 0,
    reviews: 0,
    orders: 0,
    favorites: 0,
    version: stored.streamVersion,
    created_at: stored.occurredAt,
    updated_at: stored.occurredAt,
    views: 0,
    freelancer_name: card?.name ?? null,
    freelancer_picture: card?.picture ?? null,
    freelancer_location: card?.location ?? null,
    is_favorite: null,
  };
}

/**
 * The gig an edit answers with: `before`, the gig as its owner read it just before the write, with what
 * the edit decided (`GigEdited`'s status and fields, its version and time), as the projection writes
 * them; an edit that changed nothing decided no event, and the gig is as it was.
 */
export function editedGigView(before: GigView, events: readonly StoredEvent<GigEvent>[]): GigView {
  const edited = events.find((e) => e.type === 'GigEdited');
  if (edited?.type !== 'GigEdited') return before;
  const { status, fields } = edited.data;
  return {
    ...before,
    ...columnsOf(fields),
    tags: fields.tags,
    status,
    version: edited.streamVersion,
    updated_at: edited.occurredAt,
  };
}
