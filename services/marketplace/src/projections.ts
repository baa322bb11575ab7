import type { Projections } from '@commonwork/kit';
import { gigAggregate } from './gigs/aggregate.ts';
import type { GigEvent } from './gigs/gig.ts';
import { subscriptions } from './handlers/index.ts';
import { publishGigEvent } from './publish.ts';
import type { MarketplaceTables } from './tables.ts';

/** Marketplace's read side: what `npm run rebuild` replays and empties; freelancers come from identity's events. */
export const projections: Projections<MarketplaceTables, GigEvent> = {
  schema: 'marketplace',
  tables: ['gigs'],
  aggregates: [gigAggregate],
  subscriptions,
  publish: publishGigEvent,
  kept: {
    gig_views: 'view counters, counted outside events',
    active_gig_counts: "kept by triggers on gigs: follows gigs' rebuild",
  },
};
