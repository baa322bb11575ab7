import { MESSAGE_PAGE_SIZE } from '@commonwork/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import {
  catchUpConversation,
  type FetchMessagesPage,
  loadOlderIntoConversation,
  receiveChange,
  receiveChanges,
  receiveLive,
  startRevision,
} from './catchUp.ts';
import type { ChangesFrame } from './changes.ts';
import { mergeMessages } from './conversation.ts';
import type { ConversationKind, ConversationSource, MessageOf } from './source.ts';

/** A conversation's cursor pages, for the catch-up and load-older rules. */
const pagesOf =
  <K extends ConversationKind>(source: ConversationSource<K>, conversationId: string): FetchMessagesPage<MessageOf<K>> =>
  (query) =>
    source.readMessages(conversationId, query);

/**
 * The newest page of a conversation (`?page=1&limit=50`), oldest first, merged with what is already
 * held: optimistic copies and live messages survive a reload; its `revision` starts the changes
 * cursor. Cached without going stale (spec 002
 * §4): live events and catch-ups keep it current.
 */
export function useConversationMessages<K extends ConversationKind>(
  queryClient: QueryClient,
  source: ConversationSource<K>,
  conversationId: string | null,
) {
  const key = source.messagesKey(conversationId ?? '');
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const page = await source.readMessages(conversationId ?? '', { page: 1, limit: MESSAGE_PAGE_SIZE }, signal);
      startRevision(queryClient, key, page.revision);
      return mergeMessages<MessageOf<K>>(queryClient.getQueryData<MessageOf<K>[]>(key) ?? [], page.messages);
    },
    enabled: conversationId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** What a conversation missed since the last message held, merged into its cache (nothing when nothing is held). */
export const catchUpMessages = <K extends ConversationKind>(
  queryClient: QueryClient,
  source: ConversationSource<K>,
  conversationId: string,
) => catchUpConversation(queryClient, source.messagesKey(conversationId), pagesOf(source, conversationId));

/** The page before the oldest message held, merged into the conversation's cache. */
export const loadOlderMessages = <K extends ConversationKind>(
  queryClient: QueryClient,
  source: ConversationSource<K>,
  conversationId: string,
) => loadOlderIntoConversation(queryClient, source.messagesKey(conversationId), pagesOf(source, conversationId));

/** A message that arrived live, merged into its conversation's cache, with any it skipped past fetched. */
export function receiveMessage<K extends ConversationKind>(queryClient: QueryClient, source: ConversationSource<K>, message: MessageOf<K>) {
  const conversationId = source.conversationOf(message);
  return receiveLive(queryClient, source.messagesKey(conversationId), pagesOf(source, conversationId), message);
}

/** A changed message that arrived live, in place of the held copy, with any changes it skipped past fetched. */
export function receiveMessageChange<K extends ConversationKind>(
  queryClient: QueryClient,
  source: ConversationSource<K>,
  message: MessageOf<K>,
) {
  const conversationId = source.conversationOf(message);
  return receiveChange(queryClient, source.messagesKey(conversationId), pagesOf(source, conversationId), message);
}

/** Several changes of a conversation that arrived live at once, applied to the held copies, with any they skipped past fetched. */
export function receiveMessageChanges<K extends ConversationKind>(
  queryClient: QueryClient,
  source: ConversationSource<K>,
  conversationId: string,
  frame: ChangesFrame,
) {
  return receiveChanges(queryClient, source.messagesKey(conversationId), pagesOf(source, conversationId), frame);
}
