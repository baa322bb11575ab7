export { MarketplaceConfig } from './config.ts';
export { projections } from './projections.ts';
export { marketplaceService } from './service.ts';
