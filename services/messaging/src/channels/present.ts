import { type Channel, type ChannelMessage, channelMessage } from '@commonwork/contracts';
import type { StoredEvent } from '@commonwork/kit';
import type { Marks } from '../channelMarks/marks.ts';
import { changesOf } from '../messages/changes.ts';
import type { ChannelMessageRow, MessagingTables } from '../tables.ts';
import type { ChannelEvent } from './channel.ts';

type ChannelRow = MessagingTables['channels'];
type MemberRow = { user_id: string; name: string | null; picture: string | null; username: string | null };

/**
 * The channel as the community screen reads it, for one viewer. Presence is the realtime tier's
 * (Redis): members come back offline here and `user-status-updated` corrects them live.
 */
export function presentChannel(
  row: ChannelRow,
  members: MemberRow[],
  viewerId: string,
  readSequence: number | null,
  marks: Marks,
  mentionCount: number,
): Channel {
  const isMember = members.some((m) => m.user_id === viewerId);
  const read = isMember ? (readSequence ?? 0) : row.last_sequence;
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    category: row.category,
    creator: { _id: row.creator_id },
    admins: [{ _id: row.creator_id }],
    members: members.map((m) => ({
      _id: m.user_id,
      name: m.name ?? 'Member',
      profilePicture: m.picture ?? '',
      status: 'offline' as const,
      ...(m.username && { username: m.username }),
    })),
    memberCount: row.member_count,
    messageCount: row.message_count,
    unreadCount: Math.max(0, row.last_sequence - read),
    mentionCount: isMember ? mentionCount : 0,
    isPinned: marks.pinned,
    isStarred: marks.starred,
    isMember,
    lastActivity: new Date(row.last_activity).toISOString(),
    lastSequence: row.last_sequence,
    readSequence: read,
  };
}

/** A stored channel message on the wire: the contract's one builder, so REST and the socket agree. */
export function presentChannelMessage(row: ChannelMessageRow): ChannelMessage {
  return channelMessage({
    id: row.id,
    channelId: row.channel_id,
    sequence: row.sequence,
    sender: { id: row.sender_id, name: row.sender_name, picture: row.sender_picture },
    content: row.content,
    clientId: row.client_id,
    createdAt: new Date(row.created_at).toISOString(),
    app: row.app,
    ...changesOf(row),
  });
}

/** A message as its event tells it: what the projection writes, without reading it back. */
export function presentPosted({ data, occurredAt }: StoredEvent<Extract<ChannelEvent, { type: 'MessagePosted' }>>): ChannelMessage {
  return channelMessage({
    id: data.messageId,
    channelId: data.channelId,
    sequence: data.sequence,
    sender: { id: data.sender.userId, name: data.sender.name, picture: data.sender.picture },
    content: data.content,
    clientId: data.clientId,
    createdAt: occurredAt.toISOString(),
    mentions: data.mentions,
    attachments: data.attachments,
    app: data.app ?? null,
  });
}
