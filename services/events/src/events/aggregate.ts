import { defineAggregate } from '@commonwork/kit';
import type { EventsTables } from '../tables.ts';
import { type TechEventCommand, techEventDecider } from './decide.ts';
import { projectTechEvents } from './projection.ts';
import type { TechEventEvent, TechEventState } from './techEvent.ts';

/**
 * An event's stream `event-<id>`: created, edited, deleted, and every registration and
 * cancellation. A hot stream: registrations queue on its snapshot row (and, in one process, join
 * one transaction), so a seat is never sold twice and none is lost, whatever the burst.
 */
export const techEventAggregate = defineAggregate<EventsTables, TechEventState, TechEventCommand, TechEventEvent>({
  name: 'event',
  decider: techEventDecider,
  project: projectTechEvents,
  snapshotEvery: 50,
  // The first registrations may race before the snapshot row exists: retry those few.
  retries: 3,
  // A burst of registrations shares transactions: one lock, one fold, one commit per batch.
  groupCommit: true,
});
