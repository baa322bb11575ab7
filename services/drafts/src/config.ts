import { CommonConfig } from '@commonwork/kit';
import { z } from 'zod';

export const DraftsConfig = CommonConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4007),
  HOST: z.string().default('127.0.0.1'),
  IDENTITY_URL: z.string().url().default('http://127.0.0.1:4001'),
});
export type DraftsConfig = z.infer<typeof DraftsConfig>;
