import type { Channel, ChannelMessage } from '@commonwork/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { withReadPosition } from '../../shared/conversation/index.ts';
import { useSocket, useSocketEvent, useWhenVisibleAgain } from '../../shared/socket/index.ts';
import { applyChannelUpdated, applyNewMessage, CHANNELS_KEY, catchUpChannel, receiveChannelMessage, updateChannel } from './api.ts';

/**
 * Keeps the community screen live (spec 002 §4): joins the selected channel's room and leaves it
 * on switching, merges incoming messages into the cached lists, keeps unread counts from server
 * numbers, and after every reconnect or return to the tab fetches what was missed (`after`).
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
  const catchUp = useCallback(
    (channelId: string) => {
      catchUpChannel(queryClient, channelId).catch((error: unknown) => console.warn('Catch-up failed', error));
    },
    [queryClient],
  );

  // Join the selected room (again on every reconnect), then fetch what came while it was not joined.
  // Member channels stay joined through `join-channels` so their unread counts stay live; a public
  // channel only visited is left on switching away.
  useEffect(() => {
    if (!socket || !connected || !selectedId) return;
    socket.emit('join-channel', { id: selectedId }, (answer) => {
      if (answer?.success) catchUp(selectedId);
    });
    return () => {
      if (!isMember && socket.connected) socket.emit('leave-channel', { id: selectedId });
    };
  }, [socket, connected, selectedId, isMember, catchUp]);

  // Counts may have moved while disconnected: the list is read again on every reconnect.
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) refreshList();
    wasConnected.current = connected;
  }, [connected, refreshList]);

  useWhenVisibleAgain(() => {
    refreshList();
    if (selectedId) catchUp(selectedId);
  });

  // The list moves with each message; `channel-updated` (throttled by the server) brings the count.
  const onMessage = (message: ChannelMessage) => {
    receiveChannelMessage(queryClient, message).catch((error: unknown) => console.warn('Catch-up failed', error));
    if (!isKnownMember(message.sender._id, message.channel)) refreshList();
    updateChannel(queryClient, message.channel, (c) => applyNewMessage(c, message, userId));
  };
  useSocketEvent('new-message', onMessage);
  useSocketEvent('channel-updated', (update) => {
    if (!isKnown(update.channelId)) return refreshList();
    updateChannel(queryClient, update.channelId, (c) => applyChannelUpdated(c, update));
  });
  useSocketEvent('unread-count', (read) => {
    if (read.kind === 'channel') updateChannel(queryClient, read.conversationId, (c) => withReadPosition(c, read));
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
