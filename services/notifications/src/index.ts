export { NotificationsConfig } from './config.ts';
export { projections } from './projections.ts';
export { notificationsService } from './service.ts';
