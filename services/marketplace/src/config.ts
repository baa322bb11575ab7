import { CommonConfig, IdentityUrls } from '@commonwork/kit';
import { z } from 'zod';

export const MarketplaceConfig = CommonConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  HOST: z.string().default('127.0.0.1'),
  IDENTITY_URL: IdentityUrls,
  /** An OpenAI-compatible endpoint for the AI search; unset means the local interpreter only. */
  AI_API_URL: z.string().url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default('gpt-4o-mini'),
});
export type MarketplaceConfig = z.infer<typeof MarketplaceConfig>;
