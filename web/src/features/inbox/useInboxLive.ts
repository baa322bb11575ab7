import type { ChatMessage } from '@commonwork/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { withReadPosition } from '../../shared/conversation/index.ts';
import { useSocket, useSocketEvent, useWhenVisibleAgain } from '../../shared/socket/index.ts';
import { CHATS_KEY, catchUpChat, receiveChatMessage, updateChat } from './api.ts';
import { withChatMessage } from './chats.ts';

/**
 * Keeps the inbox live: `new-chat-message` reaches every device of both participants (their user
 * rooms), so the open conversation and the list update without a room to join. After a reconnect
 * or a return to the tab the list is read again and the open conversation fetches what it missed.
 */
export function useInboxLive(openChatId: string | null, userId: string | undefined): void {
  const queryClient = useQueryClient();
  const { connected } = useSocket();

  const resync = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: CHATS_KEY });
    if (openChatId) catchUpChat(queryClient, openChatId).catch((error: unknown) => console.warn('Catch-up failed', error));
  }, [queryClient, openChatId]);

  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) resync();
    wasConnected.current = connected;
  }, [connected, resync]);
  useWhenVisibleAgain(resync);

  useSocketEvent('new-chat-message', (message: ChatMessage) => {
    receiveChatMessage(queryClient, message).catch((error: unknown) => console.warn('Catch-up failed', error));
    const reading = message.chatId === openChatId && document.visibilityState === 'visible';
    const listed = updateChat(queryClient, message.chatId, (chat) => withChatMessage(chat, message, userId, reading));
    // A conversation not on the page held (new, or further down): the list is read again.
    if (!listed) void queryClient.invalidateQueries({ queryKey: CHATS_KEY });
  });
  useSocketEvent('chat-created', () => void queryClient.invalidateQueries({ queryKey: CHATS_KEY }));
  useSocketEvent('unread-count', (read) => {
    if (read.kind === 'chat') updateChat(queryClient, read.conversationId, (chat) => withReadPosition(chat, read));
  });
}
