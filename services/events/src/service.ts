import type { ServiceDefinition } from '@commonwork/kit';
import { registerEventRoutes } from './events/routes.ts';
import type { TechEventEvent } from './events/techEvent.ts';
import { subscriptions } from './handlers/index.ts';
import { migrations } from './migrations.ts';
import { exportEventsPerson } from './personalData/export.ts';
import { publishTechEvent } from './publish.ts';
import type { EventsTables } from './tables.ts';

/** The events service: tech events, their search, registrations with exact seat counts, calendar entries. */
export function eventsService(): ServiceDefinition<EventsTables, TechEventEvent> {
  return {
    name: 'events',
    migrations,
    publish: publishTechEvent,
    register: registerEventRoutes,
    subscriptions,
    exportPerson: exportEventsPerson,
  };
}
