import { defineAggregate } from '@commonwork/kit';
import type { DraftsTables } from '../tables.ts';
import { type DraftCommand, draftDecider } from './decide.ts';
import type { DraftEvent, DraftState } from './draft.ts';
import { projectDraftEvents } from './projection.ts';

/** A draft's stream `draft-<id>`: saved, revised by its owner, then perhaps deleted. */
export const draftAggregate = defineAggregate<DraftsTables, DraftState, DraftCommand, DraftEvent>({
  name: 'draft',
  decider: draftDecider,
  project: projectDraftEvents,
  // Two tabs saving at once: the loser decides again on the winner's version (and is refused when it was based on the older one).
  retries: 3,
});
