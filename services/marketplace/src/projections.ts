import type { Projections } from '@commonwork/kit';
import { favoriteAggregate } from './favorites/aggregate.ts';
import { gigAggregate } from './gigs/aggregate.ts';
import { subscriptions } from './handlers/index.ts';
import { type MarketplaceEvent, publishMarketplaceEvent } from './publish.ts';
import type { MarketplaceTables } from './tables.ts';

/** Marketplace's read side: what `npm run rebuild` replays and empties; freelancers come from identity's events, the gigs' orders and ratings from orders'. */
export const projections: Projections<MarketplaceTables, MarketplaceEvent> = {
  schema: 'marketplace',
  tables: ['gigs', 'gig_favorites'],
  aggregates: [gigAggregate, favoriteAggregate],
  subscriptions,
  publish: publishMarketplaceEvent,
  kept: {
    gig_views: 'view counters, counted outside events',
    gig_viewers: 'who viewed a gig today (hashed), to count each viewer once a day: outside events, kept two days',
    active_gig_counts: "kept by triggers on gigs: follows gigs' rebuild",
  },
  versions: {
    listing_version: 'the listing changes folded in (the version of the listing cache)',
    listing_changes: 'appended by triggers on the listed tables: a rebuild adds to them, so cached listings refresh',
  },
};
