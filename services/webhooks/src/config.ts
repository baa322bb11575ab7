import { CommonConfig, envFlag, IdentityUrls } from '@commonwork/kit';
import { z } from 'zod';

export const WebhooksConfig = CommonConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4009),
  HOST: z.string().default('127.0.0.1'),
  IDENTITY_URL: IdentityUrls,
  /** An operator's opt-in: deliveries may go to private (RFC 1918, ULA) addresses; default refused. */
  WEBHOOK_ALLOW_PRIVATE: envFlag(false),
  /** Deliveries may go to loopback (127/8, ::1): embedded development mode sets it (deploy/local/embedded.ts); never in production. */
  WEBHOOK_ALLOW_LOOPBACK: envFlag(false),
});
export type WebhooksConfig = z.infer<typeof WebhooksConfig>;
