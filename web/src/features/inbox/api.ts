import { CHAT_PAGE_SIZE, type Chat, messagingRoutes } from '@commonwork/contracts';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/index.ts';
// By file, not the module's index: the gig page imports this file, and needs none of the conversation screens' code.
import { attachmentRequests } from '../../shared/conversation/attachments/attachments.ts';
import { reconcileReadState } from '../../shared/conversation/conversation.ts';
import type { ConversationSource } from '../../shared/conversation/source.ts';
import { withChangedChatMessage, withChatMessage } from './chats.ts';

export interface ChatPage {
  chats: Chat[];
  pagination: { currentPage: number; totalPages: number; totalChats: number };
}

/** Every page of the conversation list starts with this key. */
export const CHATS_KEY = ['chat', 'chats'] as const;
export const chatMessagesKey = (chatId: string) => ['chat', 'chat-messages', chatId] as const;
/** One conversation seen anywhere (a list page, or the answer that created it). */
export const chatKey = (chatId: string) => ['chat', 'chat', chatId] as const;

/** GET /api/chat/user?page&limit=20: the user's conversations, latest activity first. */
export function useChats(queryClient: QueryClient, page: number) {
  return useQuery({
    queryKey: [...CHATS_KEY, page],
    queryFn: async ({ signal }) => {
      const body = await call(messagingRoutes.listChats, { query: { page, limit: CHAT_PAGE_SIZE }, signal });
      // A message that arrived live while this answer was on its way stays the last message.
      const chats = body.chats.map((chat) =>
        reconcileReadState(chat, queryClient.getQueryData<Chat>(chatKey(chat.id)), ['lastMessage', 'lastActivity']),
      );
      for (const chat of chats) rememberChat(queryClient, chat);
      return { ...body, chats };
    },
    placeholderData: keepPreviousData,
  });
}

/** Keeps a conversation's card (participants, gig title) for its chat view. */
export function rememberChat(queryClient: QueryClient, chat: Chat): void {
  queryClient.setQueryData(chatKey(chat.id), chat);
}

/**
 * The answer of POST /api/chat/create (made from the gig page): the new conversation's card is kept
 * so /inbox/{chatId} opens with its participant and gig title at once, and the list is read again.
 */
export function rememberCreatedChat(queryClient: QueryClient, body: unknown): void {
  const chat = (body as { data?: Chat } | null)?.data;
  if (chat?.id && Array.isArray(chat.participants)) rememberChat(queryClient, chat);
  void queryClient.invalidateQueries({ queryKey: CHATS_KEY });
}

/** Applies a change to a conversation wherever it is cached (its card and every list page holding it). */
export function updateChat(queryClient: QueryClient, chatId: string, change: (chat: Chat) => Chat): boolean {
  let listed = false;
  queryClient.setQueryData<Chat>(chatKey(chatId), (chat) => (chat ? change(chat) : chat));
  queryClient.setQueriesData<ChatPage>({ queryKey: CHATS_KEY }, (page) => {
    if (!page?.chats.some((c) => c.id === chatId)) return page;
    listed = true;
    return { ...page, chats: page.chats.map((c) => (c.id === chatId ? change(c) : c)) };
  });
  return listed;
}

/**
 * The inbox's conversations as the shared conversation module reaches them. No optimistic copy: the
 * box waits for the server, one message at a time.
 */
export const chatConversations: ConversationSource<'chat'> = {
  kind: 'chat',
  listKey: CHATS_KEY,
  messagesKey: chatMessagesKey,
  conversationOf: (message) => message.chatId,
  readMessages: (chatId, query, signal) =>
    call(messagingRoutes.chatMessages, { params: { chatId }, query, signal }).then((body) => body.data),
  postMessage: (chatId, { content, attachments }, clientId) =>
    call(messagingRoutes.postChatMessage, {
      params: { chatId },
      body: { content, type: 'text', clientId, attachments: attachmentRequests(attachments) },
    }).then((body) => body.data),
  editMessage: (chatId, messageId, content) =>
    call(messagingRoutes.editChatMessage, { params: { chatId, messageId }, body: { content } }).then((body) => body.data),
  deleteMessage: (chatId, messageId) =>
    call(messagingRoutes.deleteChatMessage, { params: { chatId, messageId } }).then((body) => body.data),
  react: (chatId, messageId, emoji, on) =>
    call(on ? messagingRoutes.addChatReaction : messagingRoutes.removeChatReaction, { params: { chatId, messageId, emoji } }).then(
      (body) => body.data,
    ),
  markRead: (chatId, sequence) => call(messagingRoutes.readChat, { params: { chatId }, body: { sequence } }).then((body) => body.data),
  updateConversation: updateChat,
  withMessage: withChatMessage,
  withChange: withChangedChatMessage,
};
