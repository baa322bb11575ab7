import { randomUUID } from 'node:crypto';
import { subSeconds } from 'date-fns';
import type { NotificationsDb } from '../tables.ts';

/** Notifications claimed per run; the rest wait for the next one. */
const BATCH = 1_000;

/**
 * Puts every unread notification made longer ago than the delay (`updated_at`: when it was made or
 * refreshed here; `created_at` is when its source happened, maybe long before), of people who want digests and have an
 * address, into one new digest per person. `digested` is keyed by notification: a replica claiming
 * the same rows at the same time inserts nothing, and a notification is never in two digests.
 */
export async function claimDigests(db: NotificationsDb, delaySeconds: number, now = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('notifications as n')
      .innerJoin('people as p', 'p.user_id', 'n.user_id')
      .leftJoin('digested as d', 'd.notification_id', 'n.id')
      .select(['n.id', 'n.user_id'])
      .where('n.read', '=', false)
      .where('n.updated_at', '<=', subSeconds(now, delaySeconds))
      .where('p.email_digest', '=', true)
      .where('p.email', '<>', '')
      .where('d.notification_id', 'is', null)
      .orderBy('n.created_at')
      .limit(BATCH)
      .execute();
    const byPerson = new Map<string, string[]>();
    for (const row of due) byPerson.set(row.user_id, [...(byPerson.get(row.user_id) ?? []), row.id]);
    let made = 0;
    for (const [userId, ids] of byPerson) {
      const digestId = randomUUID();
      await trx.insertInto('digests').values({ id: digestId, user_id: userId, created_at: now, sent_at: null }).execute();
      const claimed = await trx
        .insertInto('digested')
        .values(ids.map((id) => ({ notification_id: id, digest_id: digestId })))
        .onConflict((oc) => oc.doNothing())
        .returning('notification_id')
        .execute();
      if (claimed.length === 0) await trx.deleteFrom('digests').where('id', '=', digestId).execute();
      else made++;
    }
    return made;
  });
}
