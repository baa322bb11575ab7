export { DraftsConfig } from './config.ts';
export { projections } from './projections.ts';
export { draftsService } from './service.ts';
