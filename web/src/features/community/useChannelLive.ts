import type { Channel } from '@commonwork/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { whenFetched } from '../../shared/conversation/catchUp.ts';
import { catchUpMessages, useConversationLive } from '../../shared/conversation/index.ts';
import { useSocket, useSocketEvent } from '../../shared/socket/index.ts';
import { applyChannelUpdated, CHANNELS_KEY, channelConversations, updateChannel } from './api.ts';

/**
 * Keeps the community screen live (spec 002 §4): what every conversation does live (messages,
 * read marks, the catch-up after a reconnect or a return to the tab), and what only channels do:
 * join the selected channel's room and leave it on switching, counts from `channel-updated`, and the
 * list read again when someone it does not know of shows up.
 */
export function useChannelLive(selected: Channel | null, userId: string | undefined): void {
  const queryClient = useQueryClient();
  const { socket, connected } = useSocket();
  const selectedId = selected?.id ?? null;
  const isMember = selected?.isMember ?? false;

  const refreshList = useCallback(() => void queryClient.invalidateQueries({ queryKey: CHANNELS_KEY, exact: true }), [queryClient]);
  const listed = () => queryClient.getQueryData<Channel[]>(CHANNELS_KEY) ?? [];
  const isKnown = (channelId: string) => listed().some((c) => c.id === channelId);
  // Nobody announces that someone else joined a channel: a sender or a status from someone not in
  // the members held means the list (members and counts) is read again.
  const isKnownMember = (userId: string, channelId?: string) =>
    listed().some((c) => (!channelId || c.id === channelId) && c.members.some((m) => m._id === userId));

  useConversationLive(channelConversations, {
    openId: selectedId,
    userId,
    catchUpOnReconnect: false,
    afterMessage: (message) => {
      if (!isKnownMember(message.sender._id, message.channel)) refreshList();
    },
  });

  // Join the selected room (again on every reconnect), then fetch what came while it was not joined.
  // Member channels stay joined through `join-channels` so their unread counts stay live; a public
  // channel only visited is left on switching away.
  useEffect(() => {
    if (!socket || !connected || !selectedId) return;
    socket.emit('join-channel', { id: selectedId }, (answer) => {
      if (answer?.success) {
        // After the channel's first page, loading beside the join, which may predate it.
        whenFetched(queryClient, channelConversations.messagesKey(selectedId))
          .then(() => catchUpMessages(queryClient, channelConversations, selectedId))
          .catch((error: unknown) => console.warn('Catch-up failed', error));
      }
    });
    return () => {
      if (!isMember && socket.connected) socket.emit('leave-channel', { id: selectedId });
    };
  }, [socket, connected, selectedId, isMember, queryClient]);

  // `channel-updated` (throttled by the server) brings the message count.
  useSocketEvent('channel-updated', (update) => {
    if (!isKnown(update.channelId)) return refreshList();
    updateChannel(queryClient, update.channelId, (c) => applyChannelUpdated(c, update));
  });
  useSocketEvent('user-status-updated', ({ userId: who }) => {
    if (who !== userId && !isKnownMember(who)) refreshList();
  });
  useSocketEvent('request-channel-join', ({ channelId }) => {
    socket?.emit('join-channel', { id: channelId });
    refreshList();
  });
  useSocketEvent('channel-joined', ({ channelId }) => {
    if (!isKnown(channelId)) refreshList();
  });
}
