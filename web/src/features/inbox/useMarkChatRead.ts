import type { ChatMessage } from '@commonwork/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { lastSequenceOf, withReadPosition } from '../../shared/conversation/index.ts';
import { useDocumentVisible } from '../../shared/socket/index.ts';
import { markChatRead, updateChat } from './api.ts';

/**
 * Spec 002 §4: opening a chat marks its messages read, and so does every new message shown while
 * it is open (and the tab visible): `PATCH /api/chat/{chatId}/read {sequence}`.
 */
export function useMarkChatRead(chatId: string | null, messages: ChatMessage[] | undefined): void {
  const queryClient = useQueryClient();
  const visible = useDocumentVisible();
  const requested = useRef(new Map<string, number>());
  const shown = messages ? lastSequenceOf(messages) : null;

  useEffect(() => {
    if (!chatId || shown === null || !visible) return;
    if ((requested.current.get(chatId) ?? -1) >= shown) return;
    requested.current.set(chatId, shown);
    updateChat(queryClient, chatId, (chat) => withReadPosition(chat, { readSequence: shown, unreadCount: 0 }));
    markChatRead(chatId, shown).then(
      (read) => updateChat(queryClient, chatId, (chat) => withReadPosition(chat, read)),
      (error: unknown) => {
        requested.current.delete(chatId);
        console.warn('Could not mark the conversation read', error);
      },
    );
  }, [chatId, shown, visible, queryClient]);
}
