export { MessagingConfig } from './config.ts';
export { rebuildProjections } from './rebuild.ts';
export { messagingService } from './service.ts';
