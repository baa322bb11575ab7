import { defineAggregate } from '@commonwork/kit';
import type { MessagingTables } from '../tables.ts';
import { type ReadCommand, readDecider } from './decide.ts';
import { projectReadEvents } from './projection.ts';
import type { ReadEvent, ReadState } from './read.ts';

/**
 * A user's read marks, stream `reads-<userId>`: one stream per person across every conversation,
 * so it grows with every read; the snapshot keeps a decision to the marks after it.
 */
export const readAggregate = defineAggregate<MessagingTables, ReadState, ReadCommand, ReadEvent>({
  name: 'reads',
  decider: readDecider,
  project: projectReadEvents,
  snapshotEvery: 50,
  // Two devices marking at once before the snapshot row exists: retry those few.
  retries: 3,
});
