import { CommonConfig, IdentityUrls } from '@commonwork/kit';
import { z } from 'zod';

export const MessagingConfig = CommonConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4003),
  HOST: z.string().default('127.0.0.1'),
  IDENTITY_URL: IdentityUrls,
});
export type MessagingConfig = z.infer<typeof MessagingConfig>;
