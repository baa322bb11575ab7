import type { Projections } from '@commonwork/kit';
import { draftAggregate } from './drafts/aggregate.ts';
import { subscriptions } from './handlers/index.ts';
import type { DraftsTables } from './tables.ts';

/** The drafts service's read side: what `npm run rebuild` replays and empties. Its one subscription reacts (removes drafts), so none is replayed. */
export const projections: Projections<DraftsTables> = {
  schema: 'drafts',
  tables: ['drafts'],
  aggregates: [draftAggregate],
  subscriptions,
  // As the service: it publishes nothing yet.
  publish: () => null,
};
