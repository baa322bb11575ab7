import type { StoredEvent } from '@commonwork/kit';
import { markMentions } from '../channels/mentions.ts';
import type { MessagingDb } from '../tables.ts';
import type { ChangedMessage, MessageEvent } from './message.ts';

/**
 * Writes a changed message to its row, and its revision to the conversation's counter; the live
 * path (in the transaction that took the revision) and the rebuild both use it. Every event carries
 * the whole message, so each one rewrites the row as it now is.
 */
export async function projectMessageEvents(trx: MessagingDb, events: StoredEvent<MessageEvent>[]) {
  for (const { type, data } of events) {
    await writeRow(trx, data);
    // An edit that mentions someone new counts for them as a post's mention does.
    if (type === 'MessageEdited' && data.kind === 'channel') {
      const { message } = data;
      await markMentions(trx, [
        { channelId: data.channelId, sequence: message.sequence, senderId: message.sender._id, mentions: message.mentions },
      ]);
    }
    await raiseRevision(trx, data.kind === 'channel' ? data.channelId : data.chatId, data.message.revision);
  }
}

async function writeRow(trx: MessagingDb, changed: ChangedMessage) {
  const { message } = changed;
  const state = {
    content: message.content,
    is_edited: message.isEdited,
    deleted: message.deleted,
    updated_at: new Date(message.updatedAt),
    reactions: JSON.stringify(message.reactions),
    mentions: JSON.stringify(message.mentions),
    attachments: JSON.stringify(message.attachments),
    revision: message.revision,
  };
  if (changed.kind === 'channel') {
    await trx.updateTable('channel_messages').set(state).where('id', '=', message.id).execute();
    return;
  }
  await trx.updateTable('chat_messages').set(state).where('id', '=', message.id).execute();
  // The inbox previews a conversation by its last message: an edit shows there, a deleted text goes.
  await trx
    .updateTable('chats')
    .set({ last_message: message.content })
    .where('id', '=', changed.chatId)
    .where('last_sequence', '=', message.sequence)
    .execute();
}

/**
 * The conversation's counter takes the message's revision: live, the number the route's decision took
 * under the conversation's lock (so it is the next one); in a rebuild, each in turn. Never backwards.
 */
async function raiseRevision(trx: MessagingDb, conversationId: string, revision: number) {
  await trx
    .insertInto('conversation_revisions')
    .values({ conversation_id: conversationId, revision })
    .onConflict((oc) => oc.column('conversation_id').doUpdateSet({ revision }).where('conversation_revisions.revision', '<', revision))
    .execute();
}
