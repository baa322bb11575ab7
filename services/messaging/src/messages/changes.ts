import type { MessageChanges } from '@commonwork/contracts';
import type { Known } from '@commonwork/kit';
import type { ChannelMessageRow, ChatMessageRow } from '../tables.ts';
import type { MessageState } from './message.ts';

/** A stored message's later state, for the wire builders (channels and chats keep it alike). */
export function changesOf(row: ChannelMessageRow | ChatMessageRow): MessageChanges {
  return {
    attachments: row.attachments,
    mentions: row.mentions,
    reactions: row.reactions,
    isEdited: row.is_edited,
    deleted: row.deleted,
    ...(row.updated_at && { updatedAt: new Date(row.updated_at).toISOString() }),
    revision: row.revision,
  };
}

/**
 * The message's stream as its row holds it: the projection writes the row's state and `changes` in
 * the change's own write, so they are the fold of the stream at that version (null until the first
 * change, as the decider starts). A change's route reads the row anyway; its write starts from it.
 */
export function knownState(row: ChannelMessageRow | ChatMessageRow): Known<MessageState> {
  return {
    version: row.changes,
    state:
      row.changes === 0
        ? null
        : {
            content: row.content,
            isEdited: row.is_edited,
            deleted: row.deleted,
            updatedAt: new Date(row.updated_at ?? row.created_at).toISOString(),
            reactions: row.reactions,
            attachments: row.attachments,
            mentions: row.mentions,
          },
  };
}
