import { DELETED_USER_NAME, SENDER_WRITTEN_WORDS } from '@commonwork/contracts';
import { type Forgetting, streamIdOf } from '@commonwork/kit';
import { sql } from 'kysely';
import { inboxAggregate } from '../inbox/aggregate.ts';
import type { NotificationsTables } from '../tables.ts';

/**
 * How notifications forgets a person: their inbox goes with its stream and their digests; what
 * they caused in others' inboxes stays, sent by 'Deleted user' and without the words of theirs it
 * quoted (the default redactor does the same to the stored events), so the others' lists keep their
 * count and order.
 */
export const notificationsForgetting: Forgetting<NotificationsTables> = {
  known: (db, userId) => db.selectFrom('people').select(['name', 'email']).where('user_id', '=', userId).executeTakeFirst(),
  ownStreams: async (_, userId) => [streamIdOf(inboxAggregate, userId)],
  rows: async (db, { userId, name }) => {
    const digests = db.selectFrom('digests').select('id').where('user_id', '=', userId);
    await db.deleteFrom('digested').where('digest_id', 'in', digests).execute();
    await db.deleteFrom('digests').where('user_id', '=', userId).execute();
    await db.deleteFrom('reminders_sent').where('user_id', '=', userId).execute();
    await db.deleteFrom('notifications').where('user_id', '=', userId).execute();
    const sent = db.updateTable('notifications').where(sql<boolean>`sender->>'userId' = ${userId}`);
    await sent.set({ sender: JSON.stringify({ userId, name: DELETED_USER_NAME, picture: '' }) }).execute();
    await sent
      .set({ message: '' })
      .where(sql<boolean>`data->>'words' = any(${[...SENDER_WRITTEN_WORDS]}::text[])`)
      .execute();
    if (name)
      await db
        .updateTable('notifications')
        .set({
          title: sql`replace(title, ${name}, ${DELETED_USER_NAME})`,
          message: sql`replace(message, ${name}, ${DELETED_USER_NAME})`,
        })
        .where(sql<boolean>`sender->>'userId' = ${userId}`)
        .execute();
    await db
      .updateTable('people')
      .set({ name: DELETED_USER_NAME, email: '', picture: '', updated_at: new Date() })
      .where('user_id', '=', userId)
      .execute();
    await db.deleteFrom('gigs').where('owner_id', '=', userId).execute();
  },
};
