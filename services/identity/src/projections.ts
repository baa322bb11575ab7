import type { Projections } from '@commonwork/kit';
import type { IdentityTables } from './tables.ts';
import { userAggregate } from './users/aggregate.ts';

/** Identity's read side: what `npm run rebuild` replays and empties. */
export const projections: Projections<IdentityTables> = { schema: 'identity', tables: ['users'], aggregates: [userAggregate] };
