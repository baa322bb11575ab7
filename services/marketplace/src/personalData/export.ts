import { type PersonalDataExport, rowsOf } from '@commonwork/kit';
import type { MarketplaceTables } from '../tables.ts';

/** Marketplace's part of a person's export: the gigs they offer (drafts and closed ones too), the gigs they favourited, and the card their gigs show. */
export const exportMarketplacePerson: PersonalDataExport<MarketplaceTables> = async (personId, db) => {
  const gigs = await db
    .selectFrom('gigs as g')
    .leftJoin('gig_views as v', 'v.gig_id', 'g.id')
    .select([
      'g.id',
      'g.title',
      'g.description',
      'g.category',
      'g.sub_category as subCategory',
      'g.price',
      'g.delivery_time as deliveryTime',
      'g.tags',
      'g.status',
      'g.rating',
      'g.reviews',
      'g.orders',
      'g.favorites',
      'v.views',
      'g.created_at as createdAt',
      'g.updated_at as updatedAt',
    ])
    .where('g.owner_id', '=', personId)
    .orderBy('g.created_at')
    .execute();
  const favourites = await db
    .selectFrom('gig_favorites as f')
    .leftJoin('gigs as g', 'g.id', 'f.gig_id')
    .select(['f.gig_id as gigId', 'g.title', 'f.at as favouritedAt'])
    .where('f.person_id', '=', personId)
    .orderBy('f.at')
    .execute();
  const freelancerCard = await rowsOf(db, 'freelancers', 'user_id', personId)
    .select(['name', 'username', 'picture', 'title', 'location', 'skills', 'updated_at as updatedAt'])
    .executeTakeFirst();
  return { gigs, favourites, freelancerCard: freelancerCard ?? null };
};
