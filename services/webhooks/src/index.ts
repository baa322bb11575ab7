export { WebhooksConfig } from './config.ts';
export { projections } from './projections.ts';
export { webhooksService } from './service.ts';
