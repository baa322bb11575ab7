import type { ServiceDefinition } from '@commonwork/kit';
import type { EventsConfig } from './config.ts';
import { registerEventRoutes } from './events/routes.ts';
import type { TechEventEvent } from './events/techEvent.ts';
import { subscriptions } from './handlers/index.ts';
import { migrations } from './migrations.ts';
import { exportEventsPerson } from './personalData/export.ts';
import { eventsForgetting } from './personalData/forget.ts';
import { publishTechEvent } from './publish.ts';
import type { EventsTables } from './tables.ts';

/** The events service: tech events, their search, registrations with exact seat counts, calendar entries. */
export function eventsService(config: Pick<EventsConfig, 'PUBLIC_URL'>): ServiceDefinition<EventsTables, TechEventEvent> {
  return {
    name: 'events',
    migrations,
    publish: publishTechEvent,
    register: (ctx) => registerEventRoutes(ctx, config.PUBLIC_URL),
    subscriptions,
    exportPerson: exportEventsPerson,
    forget: eventsForgetting,
  };
}
