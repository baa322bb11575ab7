import type { ServiceDefinition } from '@commonwork/kit';
import type { MarketplaceConfig } from './config.ts';
import type { GigEvent } from './gigs/gig.ts';
import { registerGigRoutes } from './gigs/routes.ts';
import { subscriptions } from './handlers/index.ts';
import { migrations } from './migrations.ts';
import { publishGigEvent } from './publish.ts';
import { registerAiRoutes } from './search/aiRoutes.ts';
import type { MarketplaceTables } from './tables.ts';

/** The marketplace service: gigs, listing and search, the AI search interpreter and suggestions. */
export function marketplaceService(config: MarketplaceConfig): ServiceDefinition<MarketplaceTables, GigEvent> {
  return {
    name: 'marketplace',
    migrations,
    publish: publishGigEvent,
    register: (ctx) => {
      registerGigRoutes(ctx);
      registerAiRoutes(ctx, {
        llm: config.AI_API_URL ? { baseUrl: config.AI_API_URL, apiKey: config.AI_API_KEY, model: config.AI_MODEL } : undefined,
      });
    },
    subscriptions,
  };
}
