import { DELETED_USER_NAME } from '@commonwork/contracts';
import { type Forgetting, streamIdOf } from '@commonwork/kit';
import { channelMarksAggregate } from '../channelMarks/aggregate.ts';
import { readAggregate } from '../reads/aggregate.ts';
import { dropWordsNoLongerHeld, wordsWrittenBy } from '../search/forgottenWords.ts';
import type { MessagingTables } from '../tables.ts';

/**
 * How messaging forgets a person. Their messages keep their place in every conversation, shown as
 * 'Deleted user' with their words and attachments removed (the default redactor does the same to
 * the stored events): the others' replies still read in order, and what the person wrote is theirs
 * to take with them (GDPR Art. 17), unlike Slack, which keeps a deactivated member's words. Their
 * read positions and pins go, and the words only they wrote leave the search's word list; their
 * memberships stay (a channel's member count is its events').
 */
export const messagingForgetting: Forgetting<MessagingTables> = {
  known: (db, userId) => db.selectFrom('people').select(['name', 'email']).where('user_id', '=', userId).executeTakeFirst(),
  ownStreams: async (_, userId) => [streamIdOf(readAggregate, userId), streamIdOf(channelMarksAggregate, userId)],
  rows: async (db, { userId }) => {
    const removed = { content: '', attachments: '[]', mentions: '[]' };
    const words = await wordsWrittenBy(db, userId);
    await db
      .updateTable('channel_messages')
      .set({ sender_name: DELETED_USER_NAME, sender_picture: '', ...removed })
      .where('sender_id', '=', userId)
      .execute();
    await db.updateTable('chat_messages').set(removed).where('sender_id', '=', userId).execute();
    await db.updateTable('chats').set({ last_message: '' }).where('last_sender_id', '=', userId).execute();
    await dropWordsNoLongerHeld(db, words);
    await db.deleteFrom('read_positions').where('user_id', '=', userId).execute();
    await db.deleteFrom('channel_marks').where('user_id', '=', userId).execute();
    await db
      .updateTable('people')
      .set({ name: DELETED_USER_NAME, email: '', picture: '', username: null, updated_at: new Date() })
      .where('user_id', '=', userId)
      .execute();
    await db.deleteFrom('uploads').where('owner_id', '=', userId).execute();
    await db.deleteFrom('gigs').where('owner_id', '=', userId).execute();
  },
};
