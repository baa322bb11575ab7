import type { ServiceContext, ServiceJob } from '@commonwork/kit';
import { createTransport } from 'nodemailer';
import type { NotificationsConfig } from '../config.ts';
import type { NotificationsTables } from '../tables.ts';
import { claimDigests } from './claim.ts';
import { sendDigests } from './send.ts';

/**
 * Mails each person who wants it their notifications left unread past the delay, grouped in one
 * message; each notification is mailed at most once. Claiming and sending are separate steps, so a
 * mail server that is down delays digests without losing them.
 */
export function digestJob(
  config: Pick<NotificationsConfig, 'DIGEST_DELAY_SECONDS' | 'MAIL_FROM' | 'PUBLIC_URL'> & { SMTP_URL: string },
): ServiceJob<ServiceContext<NotificationsTables>> {
  const transport = createTransport(config.SMTP_URL);
  return {
    name: 'digest',
    everyMs: 60_000,
    run: async (ctx) => {
      const claimed = await claimDigests(ctx.db, config.DIGEST_DELAY_SECONDS);
      const sent = await sendDigests({ db: ctx.db, transport, from: config.MAIL_FROM, publicUrl: config.PUBLIC_URL, log: ctx.log });
      if (claimed > 0 || sent > 0) ctx.log.info({ claimed, sent }, 'digests');
    },
  };
}
