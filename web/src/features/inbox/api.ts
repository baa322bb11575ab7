import { CHAT_PAGE_SIZE, type Chat, type ChatMessage, MESSAGE_PAGE_SIZE, messagingRoutes } from '@commonwork/contracts';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/index.ts';
import {
  addToConversation,
  type CursorQuery,
  catchUpConversation,
  loadOlderIntoConversation,
  mergeMessages,
  receiveLive,
  reconcileReadState,
} from '../../shared/conversation/index.ts';

export interface ChatPage {
  chats: Chat[];
  pagination: { currentPage: number; totalPages: number; totalChats: number };
}

/** Every page of the conversation list starts with this key. */
export const CHATS_KEY = ['chat', 'chats'] as const;
export const chatMessagesKey = (chatId: string) => ['chat', 'chat-messages', chatId] as const;
/** One conversation seen anywhere (a list page, or the answer that created it). */
export const chatKey = (chatId: string) => ['chat', 'chat', chatId] as const;

/** A cursor page of a conversation's messages, for the catch-up and load-older helpers. */
const chatMessagesPage = (chatId: string) => (query: CursorQuery) =>
  call(messagingRoutes.chatMessages, { params: { chatId }, query }).then((body) => body.data);

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

/** GET /api/chat/{chatId}/messages?page=1&limit=50, merged with what is already held. */
export function useChatMessages(queryClient: QueryClient, chatId: string | null) {
  return useQuery({
    queryKey: chatMessagesKey(chatId ?? ''),
    queryFn: async ({ signal }) => {
      const body = await call(messagingRoutes.chatMessages, {
        params: { chatId: chatId ?? '' },
        query: { page: 1, limit: MESSAGE_PAGE_SIZE },
        signal,
      });
      return mergeMessages(queryClient.getQueryData<ChatMessage[]>(chatMessagesKey(chatId ?? '')) ?? [], body.messages);
    },
    enabled: chatId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Merges messages into a conversation's cache when they are held or being loaded. */
export const addChatMessages = (queryClient: QueryClient, chatId: string, messages: ChatMessage[]) =>
  addToConversation(queryClient, chatMessagesKey(chatId), messages);

/** A message that arrived live, merged into its conversation's cache, with any it skipped past fetched. */
export const receiveChatMessage = (queryClient: QueryClient, message: ChatMessage) =>
  receiveLive<ChatMessage>(queryClient, chatMessagesKey(message.chatId), chatMessagesPage(message.chatId), message);

/** What the conversation missed since the last message held (`after`), merged into its cache. */
export const catchUpChat = (queryClient: QueryClient, chatId: string) =>
  catchUpConversation<ChatMessage>(queryClient, chatMessagesKey(chatId), chatMessagesPage(chatId));

/** The page before the oldest message held (`before`), merged into its cache. */
export const loadOlderChatMessages = (queryClient: QueryClient, chatId: string) =>
  loadOlderIntoConversation<ChatMessage>(queryClient, chatMessagesKey(chatId), chatMessagesPage(chatId));

/** POST /api/chat/{chatId}/messages; the clientId makes a retried post one message. */
export function postChatMessage(chatId: string, content: string, clientId: string): Promise<ChatMessage> {
  return call(messagingRoutes.postChatMessage, { params: { chatId }, body: { content, type: 'text', clientId } }).then((body) => body.data);
}

/** PATCH /api/chat/{chatId}/read up to the last sequence shown. */
export function markChatRead(chatId: string, sequence: number): Promise<{ readSequence: number; unreadCount: number }> {
  return call(messagingRoutes.readChat, { params: { chatId }, body: { sequence } }).then((body) => body.data);
}
