import type { MessageChanges } from '@commonwork/contracts';
import type { ChannelMessageRow, ChatMessageRow } from '../tables.ts';

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
