import type { ChannelMessageRow, ChatMessageRow, PersonCard } from '../tables.ts';
import type { PostedMessage } from './message.ts';

/** A channel message's row as the commands on it carry it (the routes and the demo seed alike). */
export function postedInChannel(row: ChannelMessageRow): PostedMessage {
  return {
    conversation: { kind: 'channel', channelId: row.channel_id },
    messageId: row.id,
    sequence: row.sequence,
    sender: { id: row.sender_id, name: row.sender_name, picture: row.sender_picture },
    content: row.content,
    clientId: row.client_id,
    createdAt: new Date(row.created_at).toISOString(),
    attachments: row.attachments,
    mentions: row.mentions,
    app: row.app,
  };
}

/** A chat message's row as the commands on it carry it: chat rows keep the sender's id only, so their card comes along. */
export function postedInChat(row: ChatMessageRow, participantIds: string[], sender: PersonCard): PostedMessage {
  return {
    conversation: { kind: 'chat', chatId: row.chat_id, participantIds },
    messageId: row.id,
    sequence: row.sequence,
    sender: { id: sender.userId, name: sender.name, picture: sender.picture },
    content: row.content,
    clientId: row.client_id,
    createdAt: new Date(row.created_at).toISOString(),
    attachments: row.attachments,
    mentions: row.mentions,
  };
}
