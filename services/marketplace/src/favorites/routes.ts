import { marketplaceRoutes } from '@commonwork/contracts';
import { registerRoute, type ServiceContext } from '@commonwork/kit';
import { type Kysely, sql } from 'kysely';
import { GigNotFound } from '../gigs/decide.ts';
import type { ListingCache } from '../search/listingCache.ts';
import type { MarketplaceTables } from '../tables.ts';
import { favoriteAggregate } from './aggregate.ts';
import { favoriteIdOf } from './favorite.ts';

/** The count and the person's toggle as the projection has them after the decision (same transaction, so already there). */
async function favoriteState(db: Kysely<MarketplaceTables>, gigId: string, personId: string | null) {
  const row = await db
    .selectFrom('gigs')
    .select((eb) => [
      'gigs.favorites',
      'gigs.status',
      'gigs.owner_id',
      personId
        ? eb
            .exists(eb.selectFrom('gig_favorites').whereRef('gig_favorites.gig_id', '=', 'gigs.id').where('person_id', '=', personId))
            .as('favorited')
        : sql<boolean>`false`.as('favorited'),
    ])
    .where('gigs.id', '=', gigId)
    .executeTakeFirst();
  return row ? { favorites: row.favorites, favorited: Boolean(row.favorited), status: row.status, ownerId: row.owner_id } : undefined;
}

/** PUT / DELETE / GET /api/gigs/:id/favorite: a person's heart on a gig and the count others see. */
export function registerFavoriteRoutes(ctx: ServiceContext<MarketplaceTables>, listings: ListingCache) {
  const { app, verifier, db } = ctx;
  const favorites = ctx.aggregate(favoriteAggregate);

  const toggle = async (gigId: string, personId: string, type: 'Favorite' | 'Unfavorite', metadata: ReturnType<typeof ctx.metadataFor>) => {
    const gig = await favoriteState(db, gigId, null);
    await favorites.handle(
      favoriteIdOf(personId, gigId),
      { type, gigId, personId, gig: gig ? { status: gig.status, ownerId: gig.ownerId } : null },
      metadata,
    );
    // The person's next listing shows their heart and the gig's count as they now are.
    listings.invalidate();
    const after = await favoriteState(db, gigId, personId);
    // Deleted between the decision and this read: gone for the person too.
    if (!after) throw GigNotFound();
    return { success: true as const, favorited: after.favorited, favorites: after.favorites };
  };

  registerRoute(app, verifier, marketplaceRoutes.favorite, ({ params, caller, request }) =>
    toggle(params.id, caller.sub, 'Favorite', ctx.metadataFor(request, caller.sub)),
  );
  registerRoute(app, verifier, marketplaceRoutes.unfavorite, ({ params, caller, request }) =>
    toggle(params.id, caller.sub, 'Unfavorite', ctx.metadataFor(request, caller.sub)),
  );

  registerRoute(app, verifier, marketplaceRoutes.favoriteState, async ({ params, caller }) => {
    const state = await favoriteState(db, params.id, caller?.sub ?? null);
    if (!state || (state.status !== 'active' && state.ownerId !== caller?.sub)) throw GigNotFound();
    return { success: true as const, favorited: state.favorited, favorites: state.favorites };
  });
}
