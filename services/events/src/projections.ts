import type { Projections } from '@commonwork/kit';
import { techEventAggregate } from './events/aggregate.ts';
import type { TechEventEvent } from './events/techEvent.ts';
import { subscriptions } from './handlers/index.ts';
import { publishTechEvent } from './publish.ts';
import type { EventsTables } from './tables.ts';

/**
 * The events service's read side: what `npm run rebuild` replays and empties. People and event
 * channels come from identity's and messaging's events (their read-model handlers).
 */
export const projections: Projections<EventsTables, TechEventEvent> = {
  schema: 'events',
  tables: ['events', 'event_attendees', 'search_words'],
  aggregates: [techEventAggregate],
  subscriptions,
  publish: publishTechEvent,
};
