import { z } from 'zod';
import { LIMITS } from './constants.ts';

/** Hits on one page of a message search unless the caller asks for another size. */
export const MESSAGE_SEARCH_PAGE_SIZE = 20;

/** The longest search a person may type: enough for a sentence, short enough for every index. */
export const MESSAGE_SEARCH_MAX = 200;

/**
 * A message search: the words (trimmed), optionally narrowed to one channel, newest first, paged.
 * Without `channelId` it covers every channel the caller may read and their own conversations.
 */
export const MessageSearchQuery = z.object({
  q: z
    .string({ error: 'Type something to search for' })
    .trim()
    .min(1, 'Type something to search for')
    .max(MESSAGE_SEARCH_MAX, 'A search is at most 200 characters'),
  channelId: z.uuid('Channel id must be a UUID').optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(MESSAGE_SEARCH_PAGE_SIZE),
});
export type MessageSearchQuery = z.infer<typeof MessageSearchQuery>;

/** A part of a snippet's text that matched the search: `text.slice(start, end)`, marked by the client (never HTML). */
export const SnippetMark = z.object({ start: z.number().int().min(0), end: z.number().int().min(0) });
export type SnippetMark = z.infer<typeof SnippetMark>;

/**
 * One message that matched, with what a result line shows and what opening it needs: the
 * conversation (a channel, or a gig conversation named by the other person and the gig) and the
 * message's `sequence` there. `snippet` is plain text around the first match (at most about 160
 * characters, '…' where it was cut) with the matched words as ranges.
 */
export const MessageSearchHit = z.object({
  kind: z.enum(['channel', 'chat']),
  conversationId: z.uuid(),
  /** The channel's name, or the other person's name in a conversation. */
  conversationName: z.string(),
  /** The gig a conversation is about; null for a channel. */
  gigTitle: z.string().nullable(),
  messageId: z.uuid(),
  sequence: z.number().int().min(1),
  sender: z.object({ _id: z.uuid(), name: z.string(), picture: z.string() }),
  createdAt: z.string(),
  snippet: z.object({ text: z.string(), marks: z.array(SnippetMark) }),
});
export type MessageSearchHit = z.infer<typeof MessageSearchHit>;

/**
 * A page of hits, newest first. `hasMore` says whether a next page exists (no total: counting
 * every match of a common word would cost more than the page). `approximate`: no message held the
 * words as typed, so these are the closest spellings (a typo's reading).
 */
export const MessageSearchResponse = z.object({
  success: z.literal(true),
  data: z.object({
    hits: z.array(MessageSearchHit),
    page: z.number().int().min(1),
    hasMore: z.boolean(),
    approximate: z.boolean(),
  }),
});
export type MessageSearchResponse = z.infer<typeof MessageSearchResponse>;
