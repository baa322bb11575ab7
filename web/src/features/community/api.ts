import { type Channel, type ChannelMessage, type CreateChannelRequest, channelMessage, messagingRoutes } from '@commonwork/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, type ResponseOf } from '../../shared/api/index.ts';
// By file, not the module's index: the join page imports this file, and needs none of the conversation screens' code.
import { attachmentRequests } from '../../shared/conversation/attachments/attachments.ts';
import { reconcileReadState, withLastSequence, withReadPosition } from '../../shared/conversation/conversation.ts';
import type { ConversationSource, MessageOf } from '../../shared/conversation/source.ts';
import type { ChannelUpdated } from '../../shared/socket/index.ts';
import { boundMentions, countMention } from './mentionCount.ts';

export type CreateChannelBody = z.output<typeof CreateChannelRequest>;

/** Every channel query starts with this key. */
export const CHANNELS_KEY = ['chat', 'channels'] as const;
/** Kept apart from the list's key, so refreshing the list never refetches messages. */
const messagesKey = (channelId: string) => ['chat', 'channel-messages', channelId] as const;

/** GET /api/chat/channels: the channels the user may see, with server-computed unread counts. */
export function useChannels(queryClient: QueryClient) {
  return useQuery({
    queryKey: CHANNELS_KEY,
    queryFn: async ({ signal }) => {
      const { data } = await call(messagingRoutes.listChannels, { signal });
      // Live updates that landed while this answer was on its way are kept.
      const held = new Map((queryClient.getQueryData<Channel[]>(CHANNELS_KEY) ?? []).map((c) => [c.id, c]));
      return data.map((channel) => reconcileChannel(channel, held.get(channel.id)));
    },
  });
}

/** Applies a change to one channel of the cached list; false when the list does not hold it. */
export function updateChannel(queryClient: QueryClient, channelId: string, change: (channel: Channel) => Channel): boolean {
  let listed = false;
  queryClient.setQueryData<Channel[]>(CHANNELS_KEY, (list) =>
    list?.map((c) => {
      if (c.id !== channelId) return c;
      listed = true;
      return boundMentions(change(c));
    }),
  );
  return listed;
}

/**
 * A listed channel against the one held: sequences and read positions as `reconcileReadState` says.
 * The count is not carried with them: a held last sequence may be ahead of its count (`new-message`
 * moves the one, `channel-updated` brings the other up to a second later). Messages are never
 * deleted, so the larger count is the newer one.
 */
export function reconcileChannel(fetched: Channel, held: Channel | undefined): Channel {
  // A mention that arrived live after the answer was read is kept with the message that brought it.
  const next = reconcileReadState(fetched, held, ['lastActivity', 'mentionCount']);
  return held && held.messageCount > next.messageCount ? { ...next, messageCount: held.messageCount } : next;
}

/**
 * `new-message`: the channel's last sequence (and so its unread count) and its activity move with
 * the message; the count follows with the next `channel-updated`, at most a second later. The server
 * moves a sender's read position with their post (this user, on any device).
 */
export function applyNewMessage(channel: Channel, message: ChannelMessage, userId: string | undefined): Channel {
  const moved = withLastSequence(countMention(channel, message, userId), message.sequence);
  const active = Date.parse(message.createdAt) > Date.parse(channel.lastActivity) ? { ...moved, lastActivity: message.createdAt } : moved;
  return message.sender._id === userId ? withReadPosition(active, { readSequence: message.sequence, unreadCount: 0 }) : active;
}

/** `channel-updated`: activity, message count and the last sequence (which drives the unread count). */
export function applyChannelUpdated(channel: Channel, update: ChannelUpdated): Channel {
  const newer = update.lastSequence >= channel.lastSequence;
  const next = withLastSequence(channel, update.lastSequence);
  return newer ? { ...next, lastActivity: update.lastActivity, messageCount: update.messageCount } : next;
}

export function createChannel(body: CreateChannelBody): Promise<ResponseOf<typeof messagingRoutes.createChannel>> {
  return call(messagingRoutes.createChannel, { body });
}

/** POST …/join-link (admins only; regenerating revokes the old link). */
export function generateJoinLink(channelId: string): Promise<string> {
  return call(messagingRoutes.joinLink, { params: { id: channelId } }).then((body) => body.data.joinLink);
}

/** The address a join link is shared as. */
export const joinUrlOf = (joinLink: string) => `${window.location.origin}/join/channel/${encodeURIComponent(joinLink)}`;

/**
 * Channels as the shared conversation module reaches them. Sending is optimistic (spec 002 §4): the
 * copy is built like the server's (contracts' `channelMessage`), with sequence 0 until the server's
 * copy replaces it.
 */
export const channelConversations: ConversationSource<'channel'> = {
  kind: 'channel',
  listKey: CHANNELS_KEY,
  messagesKey,
  conversationOf: (message) => message.channel,
  readMessages: (channelId, query, signal) =>
    call(messagingRoutes.channelMessages, { params: { id: channelId }, query, signal }).then((body) => body.data),
  postMessage: (channelId, { content, attachments }, clientId) =>
    call(messagingRoutes.postChannelMessage, {
      params: { id: channelId },
      body: { content, type: 'text', clientId, attachments: attachmentRequests(attachments) },
    }).then((body) => body.data),
  editMessage: (channelId, messageId, content) =>
    call(messagingRoutes.editChannelMessage, { params: { id: channelId, messageId }, body: { content } }).then((body) => body.data),
  deleteMessage: (channelId, messageId) =>
    call(messagingRoutes.deleteChannelMessage, { params: { id: channelId, messageId } }).then((body) => body.data),
  react: (channelId, messageId, emoji, on) =>
    call(on ? messagingRoutes.addChannelReaction : messagingRoutes.removeChannelReaction, {
      params: { id: channelId, messageId, emoji },
    }).then((body) => body.data),
  markRead: (channelId, sequence) =>
    call(messagingRoutes.readChannel, { params: { id: channelId }, body: { sequence } }).then((body) => body.data),
  updateConversation: updateChannel,
  // A channel is read by marking it (useMarkRead) while it is open, not by a message arriving.
  withMessage: (channel, message, userId) => applyNewMessage(channel, message, userId),
  pendingMessage: ({ clientId, conversationId, content, attachments, author, now }): MessageOf<'channel'> => ({
    ...channelMessage({
      id: clientId,
      channelId: conversationId,
      sequence: 0,
      sender: author,
      content,
      clientId,
      createdAt: now.toISOString(),
      attachments,
    }),
    pending: true,
  }),
};
