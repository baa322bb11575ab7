import type { ServiceDefinition } from '@commonwork/kit';
import type { MarketplaceConfig } from './config.ts';
import { registerFavoriteRoutes } from './favorites/routes.ts';
import { registerGigRoutes } from './gigs/routes.ts';
import { subscriptions } from './handlers/index.ts';
import { migrations } from './migrations.ts';
import { exportMarketplacePerson } from './personalData/export.ts';
import { marketplaceForgetting } from './personalData/forget.ts';
import { type MarketplaceEvent, publishMarketplaceEvent } from './publish.ts';
import { registerAiRoutes } from './search/aiRoutes.ts';
import { listingCache } from './search/listingCache.ts';
import { foldListingChanges } from './search/listingVersion.ts';
import type { MarketplaceTables } from './tables.ts';
import { forgetOldViewers } from './views/views.ts';

/** The marketplace service: gigs, favourites, listing and search, the AI search interpreter and suggestions. */
export function marketplaceService(config: MarketplaceConfig): ServiceDefinition<MarketplaceTables, MarketplaceEvent> {
  return {
    name: 'marketplace',
    migrations,
    publish: publishMarketplaceEvent,
    register: (ctx) => {
      const listings = listingCache(ctx.db);
      registerGigRoutes(ctx, listings);
      registerFavoriteRoutes(ctx, listings);
      registerAiRoutes(ctx, {
        llm: config.AI_API_URL ? { baseUrl: config.AI_API_URL, apiKey: config.AI_API_KEY, model: config.AI_MODEL } : undefined,
      });
    },
    subscriptions,
    jobs: [forgetOldViewers, foldListingChanges],
    exportPerson: exportMarketplacePerson,
    forget: marketplaceForgetting,
  };
}
