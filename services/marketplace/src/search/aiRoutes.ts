import { marketplaceRoutes } from '@commonwork/contracts';
import { registerRoute, type ServiceContext } from '@commonwork/kit';
import { createLlmInterpreter, interpretWithFallback } from '../ai/index.ts';
import type { MarketplaceTables } from '../tables.ts';
import { popularTags, suggest } from './suggestions.ts';

export interface AiOptions {
  /** An OpenAI-compatible endpoint; without it the local interpreter answers alone. */
  llm?: { baseUrl: string; apiKey?: string | undefined; model: string } | undefined;
}

/** How long the live tag vocabulary is reused before it is read again. */
const VOCABULARY_TTL_MS = 60_000;

export function registerAiRoutes(ctx: ServiceContext<MarketplaceTables>, options: AiOptions) {
  const { app, verifier, log, db } = ctx;
  const llm = options.llm && createLlmInterpreter({ ...options.llm, apiKey: options.llm.apiKey ?? '' });
  let vocabulary: { tags: string[]; at: number } = { tags: [], at: 0 };
  const liveTags = async () => {
    if (Date.now() - vocabulary.at > VOCABULARY_TTL_MS) vocabulary = { tags: await popularTags(db), at: Date.now() };
    return vocabulary.tags;
  };

  registerRoute(app, verifier, marketplaceRoutes.aiSearch, async ({ body }) => {
    const data = await interpretWithFallback(body.query, { llm, extraTerms: await liveTags(), log });
    return { success: true as const, data };
  });

  registerRoute(app, verifier, marketplaceRoutes.suggestions, async ({ query }) => ({
    success: true as const,
    suggestions: await suggest(db, query.q),
  }));
}
