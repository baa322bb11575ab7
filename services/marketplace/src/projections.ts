import type { Projections } from '@commonwork/kit';
import { gigAggregate } from './gigs/aggregate.ts';
import type { MarketplaceTables } from './tables.ts';

/**
 * Marketplace's read side: what `npm run rebuild` replays and empties. Freelancers (identity's
 * events) and view counters are not marketplace's events and are kept as they are.
 */
export const projections: Projections<MarketplaceTables> = { schema: 'marketplace', tables: ['gigs'], aggregates: [gigAggregate] };
