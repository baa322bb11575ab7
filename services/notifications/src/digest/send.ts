import type { Logger } from '@commonwork/kit';
import type { Transporter } from 'nodemailer';
import type { NotificationsDb } from '../tables.ts';
import { digestMail } from './mail.ts';

/** A digest that failed this often is given up on (the notifications stay in the app). */
const MAX_ATTEMPTS = 5;
const BATCH = 100;

export interface SendOptions {
  db: NotificationsDb;
  transport: Transporter;
  from: string;
  publicUrl: string;
  log: Logger;
}

/**
 * Mails each claimed digest once. The digest's row stays locked while its mail goes out, so another
 * replica skips it; `sent_at` is set in the same transaction. Only what is still unread is mailed:
 * a notification read since the claim has been seen.
 */
export async function sendDigests({ db, transport, from, publicUrl, log }: SendOptions): Promise<number> {
  let sent = 0;
  for (let i = 0; i < BATCH; i++) {
    const done = await db.transaction().execute(async (trx) => {
      const digest = await trx
        .selectFrom('digests as g')
        .innerJoin('people as p', 'p.user_id', 'g.user_id')
        .select(['g.id', 'g.attempts', 'p.email', 'p.email_digest'])
        .where('g.sent_at', 'is', null)
        .where('g.attempts', '<', MAX_ATTEMPTS)
        .orderBy('g.created_at')
        .limit(1)
        .forUpdate('g')
        .skipLocked()
        .executeTakeFirst();
      if (!digest) return null;
      const items = await trx
        .selectFrom('digested as d')
        .innerJoin('notifications as n', 'n.id', 'd.notification_id')
        .select(['n.title', 'n.message'])
        .where('d.digest_id', '=', digest.id)
        .where('n.read', '=', false)
        .orderBy('n.created_at', 'desc')
        .execute();
      // Everything read, or the person turned digests off since the claim: nothing to say.
      if (items.length > 0 && digest.email_digest && digest.email) {
        try {
          await transport.sendMail(digestMail({ digestId: digest.id, to: digest.email, from, publicUrl, items }));
          sent++;
        } catch (error) {
          log.warn({ err: error, digestId: digest.id, attempts: digest.attempts + 1 }, 'digest mail not sent');
          await trx
            .updateTable('digests')
            .set({ attempts: digest.attempts + 1 })
            .where('id', '=', digest.id)
            .execute();
          return 'failed';
        }
      }
      await trx.updateTable('digests').set({ sent_at: new Date() }).where('id', '=', digest.id).execute();
      return 'done';
    });
    // A failure ends the run: the server is likely down, and the next run retries.
    if (done !== 'done') break;
  }
  return sent;
}
