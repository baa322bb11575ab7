import type { Projections } from '@commonwork/kit';
import { techEventAggregate } from './events/aggregate.ts';
import type { EventsTables } from './tables.ts';

/**
 * The events service's read side: what `npm run rebuild` replays and empties. People and event
 * channels come from other services' events and are kept.
 */
export const projections: Projections<EventsTables> = {
  schema: 'events',
  tables: ['events', 'event_attendees', 'search_words'],
  aggregates: [techEventAggregate],
};
