import { type Channel, type ChannelMessage, type CreateChannelRequest, MESSAGE_PAGE_SIZE, messagingRoutes } from '@commonwork/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, type ResponseOf } from '../../shared/api/index.ts';
import {
  type CursorQuery,
  catchUpConversation,
  loadOlderIntoConversation,
  mergeMessages,
  receiveLive,
  reconcileReadState,
  withLastSequence,
  withReadPosition,
} from '../../shared/conversation/index.ts';
import type { ChannelUpdated } from '../../shared/socket/index.ts';
import type { PaneMessage } from './optimistic.ts';

export type CreateChannelBody = z.output<typeof CreateChannelRequest>;

/** Every channel query starts with this key. */
export const CHANNELS_KEY = ['chat', 'channels'] as const;
/** Kept apart from the list's key, so refreshing the list never refetches messages. */
export const messagesKey = (channelId: string) => ['chat', 'channel-messages', channelId] as const;

/** A cursor page of a channel's messages, for the catch-up and load-older helpers. */
const channelMessagesPage = (channelId: string) => (query: CursorQuery) =>
  call(messagingRoutes.channelMessages, { params: { id: channelId }, query }).then((body) => body.data);

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

/**
 * GET …/messages?page=1&limit=50: the newest page, oldest first, merged with what is already held
 * (optimistic copies and live messages survive a reload).
 */
export function useChannelMessages(queryClient: QueryClient, channelId: string | null) {
  return useQuery({
    queryKey: messagesKey(channelId ?? ''),
    queryFn: async ({ signal }) => {
      const body = await call(messagingRoutes.channelMessages, {
        params: { id: channelId ?? '' },
        query: { page: 1, limit: MESSAGE_PAGE_SIZE },
        signal,
      });
      const held = queryClient.getQueryData<PaneMessage[]>(messagesKey(channelId ?? '')) ?? [];
      return mergeMessages<PaneMessage>(held, body.data.messages);
    },
    enabled: channelId !== null,
    // Spec 002 §4: a channel's messages are cached; live events and catch-ups keep them current.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** What the channel missed since the last message held, merged into its cache (no-op when nothing is held). */
export const catchUpChannel = (queryClient: QueryClient, channelId: string) =>
  catchUpConversation<PaneMessage>(queryClient, messagesKey(channelId), channelMessagesPage(channelId));

/** The page before the oldest message held, merged into the channel's cache. */
export const loadOlderChannelMessages = (queryClient: QueryClient, channelId: string) =>
  loadOlderIntoConversation<PaneMessage>(queryClient, messagesKey(channelId), channelMessagesPage(channelId));

/** A message that arrived live, merged into the channel's cache, with any it skipped past fetched. */
export const receiveChannelMessage = (queryClient: QueryClient, message: ChannelMessage) =>
  receiveLive<PaneMessage>(queryClient, messagesKey(message.channel), channelMessagesPage(message.channel), message);

/** Applies a change to one channel of the cached list. */
export function updateChannel(queryClient: QueryClient, channelId: string, change: (channel: Channel) => Channel): void {
  queryClient.setQueryData<Channel[]>(CHANNELS_KEY, (list) => list?.map((c) => (c.id === channelId ? change(c) : c)));
}

/**
 * A listed channel against the one held: sequences and read positions as `reconcileReadState` says.
 * The count is not carried with them: a held last sequence may be ahead of its count (`new-message`
 * moves the one, `channel-updated` brings the other up to a second later). Messages are never
 * deleted, so the larger count is the newer one.
 */
export function reconcileChannel(fetched: Channel, held: Channel | undefined): Channel {
  const next = reconcileReadState(fetched, held, ['lastActivity']);
  return held && held.messageCount > next.messageCount ? { ...next, messageCount: held.messageCount } : next;
}

/**
 * `new-message`: the channel's last sequence (and so its unread count) and its activity move with
 * the message; the count follows with the next `channel-updated`, at most a second later. The server
 * moves a sender's read position with their post (this user, on any device).
 */
export function applyNewMessage(channel: Channel, message: ChannelMessage, userId: string | undefined): Channel {
  const moved = withLastSequence(channel, message.sequence);
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

/** POST …/messages with the optimistic copy's id as `clientId`: a retry never posts twice. */
export function postChannelMessage(channelId: string, content: string, clientId: string): Promise<ChannelMessage> {
  return call(messagingRoutes.postChannelMessage, { params: { id: channelId }, body: { content, type: 'text', clientId } }).then(
    (body) => body.data,
  );
}

/** PATCH …/read up to the last sequence shown. */
export function markChannelRead(channelId: string, sequence: number): Promise<{ readSequence: number; unreadCount: number }> {
  return call(messagingRoutes.readChannel, { params: { id: channelId }, body: { sequence } }).then((body) => body.data);
}

/** POST …/join-link (admins only; regenerating revokes the old link). */
export function generateJoinLink(channelId: string): Promise<string> {
  return call(messagingRoutes.joinLink, { params: { id: channelId } }).then((body) => body.data.joinLink);
}

/** The address a join link is shared as. */
export const joinUrlOf = (joinLink: string) => `${window.location.origin}/join/channel/${encodeURIComponent(joinLink)}`;
