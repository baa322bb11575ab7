import type { Projections } from '@commonwork/kit';
import { userAggregate } from './users/aggregate.ts';
import type { IdentityTables } from './users/projection.ts';

/** Identity's read side: what `npm run rebuild` replays and empties. */
export const projections: Projections<IdentityTables> = { schema: 'identity', tables: ['users'], aggregates: [userAggregate] };
