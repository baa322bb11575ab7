import { LIMITS, MESSAGE_PAGE_SIZE } from '@commonwork/contracts';
import { apiRequest } from '../api/index.ts';

interface MessagesPage<T> {
  data: { messages: T[]; hasMore: boolean };
}

/**
 * Everything after `after` in a conversation, oldest first: `GET {path}?after=…&limit=100`, paged
 * with the last sequence received until the server says there is no more. Socket.IO delivers at
 * most once, so this is how a reconnecting or refocused screen gets exactly what it missed.
 */
export async function fetchMessagesAfter<T extends { sequence: number }>(path: string, after: number): Promise<T[]> {
  const all: T[] = [];
  let cursor = after;
  for (;;) {
    const page = await apiRequest<MessagesPage<T>>(`${path}?after=${cursor}&limit=${LIMITS.maxPageSize}`);
    all.push(...page.data.messages);
    const last = page.data.messages.at(-1);
    if (!page.data.hasMore || !last) return all;
    cursor = last.sequence;
  }
}

/**
 * The page just older than `before` (the first sequence a screen holds), oldest first:
 * `GET {path}?before=…&limit=50`. A cursor, unlike a page number, does not shift as messages arrive.
 */
export async function fetchMessagesBefore<T extends { sequence: number }>(path: string, before: number): Promise<T[]> {
  const page = await apiRequest<MessagesPage<T>>(`${path}?before=${before}&limit=${MESSAGE_PAGE_SIZE}`);
  return page.data.messages;
}
