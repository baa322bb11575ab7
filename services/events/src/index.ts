export { EventsConfig } from './config.ts';
export { projections } from './projections.ts';
export { eventsService } from './service.ts';
