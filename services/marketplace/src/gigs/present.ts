import type { Gig } from '@commonwork/contracts';
import type { GigRow } from '../tables.ts';

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
