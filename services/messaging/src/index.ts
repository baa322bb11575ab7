export { MessagingConfig } from './config.ts';
export { projections } from './projections.ts';
export { messagingService } from './service.ts';
