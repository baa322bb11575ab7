export { MarketplaceConfig } from './config.ts';
export { rebuildProjections } from './rebuild.ts';
export { marketplaceService } from './service.ts';
