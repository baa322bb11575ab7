import type { ServerToClientEvents } from '@commonwork/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useSocket, useSocketEvent, useWhenVisibleAgain } from '../socket/index.ts';
import { whenFetched } from './catchUp.ts';
import { withReadPosition } from './conversation.ts';
import { catchUpMessages, receiveMessage, receiveMessageChange, receiveMessageChanges } from './messages.ts';
import { type ConversationKind, type ConversationSource, LIVE_MESSAGE_EVENT, LIVE_UPDATE_EVENT, type MessageOf } from './source.ts';

export interface LiveOptions<K extends ConversationKind> {
  /** The conversation on screen, if any. */
  openId: string | null;
  userId: string | undefined;
  /**
   * Whether a reconnect, or opening a conversation, catches it up here. Channels say no: they catch
   * up once the room is joined (again), so nothing that came in between is missed.
   */
  catchUpOnReconnect: boolean;
  /** After a live message was applied; `listed` says whether the area's list held its conversation. */
  afterMessage?: (message: MessageOf<K>, listed: boolean) => void;
}

/**
 * What every conversation kind does live (spec 002 §4): a new message into its conversation's cache
 * and list entry (read at once when it is the open one and the tab is visible), read marks from the
 * person's other devices, changed messages (`message-updated`; a channel's, several at once, in
 * `messages-updated`) in place of their copies, and after a reconnect or a return to the tab the
 * list read again and the open conversation caught up
 * (`after`, then `changedAfter`): Socket.IO delivers at most once.
 */
export function useConversationLive<K extends ConversationKind>(source: ConversationSource<K>, options: LiveOptions<K>): void {
  const { openId, userId, catchUpOnReconnect, afterMessage } = options;
  const queryClient = useQueryClient();
  const { connected } = useSocket();

  const refreshList = useCallback(() => void queryClient.invalidateQueries({ queryKey: source.listKey }), [queryClient, source]);
  const catchUp = useCallback(
    (conversationId: string) => {
      catchUpMessages(queryClient, source, conversationId).catch((error: unknown) => console.warn('Catch-up failed', error));
    },
    [queryClient, source],
  );

  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) {
      // After any first read on its way, which may predate this connection.
      void whenFetched(queryClient, source.listKey).then(refreshList);
      if (catchUpOnReconnect && openId) void whenFetched(queryClient, source.messagesKey(openId)).then(() => catchUp(openId));
    }
    wasConnected.current = connected;
  }, [connected, refreshList, catchUp, catchUpOnReconnect, openId, queryClient, source]);

  // A conversation opened again (after another page or another conversation) may be held from before,
  // when no live event reached it: it catches up at once (nothing is asked when none is held).
  useEffect(() => {
    if (catchUpOnReconnect && openId) catchUp(openId);
  }, [catchUpOnReconnect, openId, catchUp]);

  useWhenVisibleAgain(() => {
    refreshList();
    if (openId) catchUp(openId);
  });

  const onMessage = (message: MessageOf<K>) => {
    receiveMessage(queryClient, source, message).catch((error: unknown) => console.warn('Catch-up failed', error));
    const conversationId = source.conversationOf(message);
    const reading = conversationId === openId && document.visibilityState === 'visible';
    const listed = source.updateConversation(queryClient, conversationId, (c) => source.withMessage(c, message, userId, reading));
    afterMessage?.(message, listed);
  };
  // The event's payload is this kind's message (LIVE_MESSAGE_EVENT pairs them); a generic kind cannot show it to the compiler.
  const event = LIVE_MESSAGE_EVENT[source.kind];
  useSocketEvent(event, onMessage as unknown as ServerToClientEvents[typeof event]);
  // A busy channel's consecutive messages come several to a packet (`new-messages`): each taken as its `new-message`.
  useSocketEvent('new-messages', (run) => {
    if (source.kind === 'channel') for (const message of run.messages) onMessage(message as MessageOf<K>);
  });
  // An edit, a deletion or a reaction: the held copy replaced (newest revision wins), missed changes fetched.
  const onChange = (message: MessageOf<K>) => {
    receiveMessageChange(queryClient, source, message).catch((error: unknown) => console.warn('Catch-up failed', error));
    const { withChange } = source;
    if (withChange) source.updateConversation(queryClient, source.conversationOf(message), (c) => withChange(c, message));
  };
  const updated = LIVE_UPDATE_EVENT[source.kind];
  useSocketEvent(updated, onChange as unknown as ServerToClientEvents[typeof updated]);
  // A busy channel's changes come several to a frame (`messages-updated`), covering every revision from
  // `after` to `revision`, each only what it changed. A channel's list entry shows no message, so only the held messages take them.
  useSocketEvent('messages-updated', (frame) => {
    if (source.kind !== 'channel') return;
    receiveMessageChanges(queryClient, source, frame.channelId, frame).catch((error: unknown) => console.warn('Catch-up failed', error));
  });
  useSocketEvent('unread-count', (read) => {
    if (read.kind === source.kind) source.updateConversation(queryClient, read.conversationId, (c) => withReadPosition(c, read));
  });
}
