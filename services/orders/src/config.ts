import { AdminEmails, CommonConfig, IdentityUrls } from '@commonwork/kit';
import { z } from 'zod';

export const OrdersConfig = CommonConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4008),
  HOST: z.string().default('127.0.0.1'),
  IDENTITY_URL: IdentityUrls,
  /** Who may read any order and settle a disputed cancellation. */
  ADMIN_EMAILS: AdminEmails,
});
export type OrdersConfig = z.infer<typeof OrdersConfig>;
