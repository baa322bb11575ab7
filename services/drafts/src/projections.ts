import type { Projections } from '@commonwork/kit';
import { draftAggregate } from './drafts/aggregate.ts';
import type { DraftsTables } from './tables.ts';

/** The drafts service's read side: what `npm run rebuild` replays and empties. */
export const projections: Projections<DraftsTables> = { schema: 'drafts', tables: ['drafts'], aggregates: [draftAggregate] };
