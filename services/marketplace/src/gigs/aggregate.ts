import { defineAggregate } from '@commonwork/kit';
import type { MarketplaceTables } from '../tables.ts';
import { type GigCommand, gigDecider } from './decide.ts';
import type { GigEvent, GigState } from './gig.ts';
import { projectGigEvents } from './projection.ts';

/** A gig's stream `gig-<id>`: created (draft or active), edited, deleted. */
export const gigAggregate = defineAggregate<MarketplaceTables, GigState, GigCommand, GigEvent>({
  name: 'gig',
  decider: gigDecider,
  project: projectGigEvents,
});
