export { MediaConfig } from './config.ts';
export { projections } from './projections.ts';
export { mediaService } from './service.ts';
