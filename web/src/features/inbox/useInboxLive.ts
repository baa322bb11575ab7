import { useQueryClient } from '@tanstack/react-query';
import { useConversationLive } from '../../shared/conversation/index.ts';
import { useSocketEvent } from '../../shared/socket/index.ts';
import { CHATS_KEY, chatConversations } from './api.ts';

/**
 * Keeps the inbox live: `new-chat-message` reaches every device of both participants (their user
 * rooms), so the open conversation and the list update without a room to join (the shared live
 * rules). A conversation no list page holds, or one just started, means the list is read again.
 */
export function useInboxLive(openChatId: string | null, userId: string | undefined): void {
  const queryClient = useQueryClient();
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: CHATS_KEY });

  useConversationLive(chatConversations, {
    openId: openChatId,
    userId,
    catchUpOnReconnect: true,
    // A conversation not on the page held (new, or further down).
    afterMessage: (_message, listed) => {
      if (!listed) refreshList();
    },
  });
  useSocketEvent('chat-created', refreshList);
}
