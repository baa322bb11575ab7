import { AdminEmails, CommonConfig, IdentityUrls } from '@commonwork/kit';
import { z } from 'zod';

export const MessagingConfig = CommonConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4003),
  HOST: z.string().default('127.0.0.1'),
  IDENTITY_URL: IdentityUrls,
  /**
   * Sends to one channel that may wait in this process for its next transaction; one more is refused
   * at once with 503 BUSY (the client shows it and may try again) instead of queueing ever longer.
   */
  CHANNEL_SEND_QUEUE: z.coerce.number().int().min(1).default(100),
  /** The platform's admins: they manage any readable channel's incoming webhooks, as its admins do. */
  ADMIN_EMAILS: AdminEmails,
});
export type MessagingConfig = z.infer<typeof MessagingConfig>;
