import { CommonConfig, IdentityUrls, PublicUrl } from '@commonwork/kit';
import { z } from 'zod';

export const EventsConfig = CommonConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4004),
  HOST: z.string().default('127.0.0.1'),
  IDENTITY_URL: IdentityUrls,
  /** The web app's address, for the event's link in its calendar entry. */
  PUBLIC_URL: PublicUrl,
});
export type EventsConfig = z.infer<typeof EventsConfig>;
