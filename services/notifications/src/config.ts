import { CommonConfig, IdentityUrls, PublicUrl } from '@commonwork/kit';
import { z } from 'zod';

export const NotificationsConfig = CommonConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4006),
  HOST: z.string().default('127.0.0.1'),
  IDENTITY_URL: IdentityUrls,
  /** How long before an event starts its registered people are reminded. */
  EVENT_REMINDER_LEAD_MINUTES: z.coerce.number().int().min(1).default(60),
  /** Where digests are mailed through (smtp://user:pass@host:port); digests are off when unset. */
  SMTP_URL: z.preprocess((value) => (value === '' ? undefined : value), z.string().url().optional()),
  /** The sender of digest mails. */
  MAIL_FROM: z.string().default('Commonwork <notifications@commonwork.local>'),
  /** How long a notification stays unread before it goes into a digest. */
  DIGEST_DELAY_SECONDS: z.coerce.number().int().min(0).default(3600),
  /** The web app's address, for the links in digest mails. */
  PUBLIC_URL: PublicUrl,
});
export type NotificationsConfig = z.infer<typeof NotificationsConfig>;
