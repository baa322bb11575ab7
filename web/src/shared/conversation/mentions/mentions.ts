import { mentionSpans } from '@commonwork/contracts';

/** Someone a message can mention: a channel's member as the list call gives them. */
export interface MentionCandidate {
  _id: string;
  name: string;
  profilePicture: string;
  /** What `@` names them by; someone without one cannot be mentioned. */
  username?: string;
}

/** A message's text cut into plain runs and mentions; `me` marks a mention of the reader. */
export type MentionPart = { text: string; mention?: { userId: string; me: boolean } };

/**
 * The text with the mentions the server resolved (`mentions`, user ids) marked. An `@name` the
 * server did not resolve (a non-member, someone unknown) stays plain, as it did for the server.
 */
export function mentionParts(
  content: string,
  mentions: readonly string[] | undefined,
  people: readonly MentionCandidate[],
  userId: string | undefined,
): MentionPart[] {
  if (!mentions?.length) return [{ text: content }];
  const members = people.map((p) => ({ userId: p._id, username: p.username }));
  const parts: MentionPart[] = [];
  let at = 0;
  for (const span of mentionSpans(content, members)) {
    if (!mentions.includes(span.userId)) continue;
    if (span.start > at) parts.push({ text: content.slice(at, span.start) });
    parts.push({ text: content.slice(span.start, span.end), mention: { userId: span.userId, me: span.userId === userId } });
    at = span.end;
  }
  if (at < content.length) parts.push({ text: content.slice(at) });
  return parts;
}

/** Whether a message mentions the reader (not their own message): it is drawn highlighted for them. */
export function mentionsMe(message: { mentions?: readonly string[]; sender: { _id: string } }, userId: string | undefined): boolean {
  return Boolean(userId && message.sender._id !== userId && message.mentions?.includes(userId));
}

// An `@` being typed: after the start, a space or punctuation (not an address), up to the caret.
const TYPING = /(^|[^A-Za-z0-9_.@-])@([A-Za-z0-9_.-]*)$/;

/** The `@name` the caret is in: where its `@` is and what follows it so far; null when none. */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const match = TYPING.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}

/**
 * The members a query may mean, by username or name without regard to case: those whose username
 * or name starts with it first, then those containing it; at most `limit`.
 */
export function mentionMatches(people: readonly MentionCandidate[], query: string, limit = 6): MentionCandidate[] {
  const q = query.toLowerCase();
  const named = people.filter((p) => p.username);
  const starts = named.filter((p) => p.username?.toLowerCase().startsWith(q) || p.name.toLowerCase().startsWith(q));
  const contains = named.filter((p) => !starts.includes(p) && (p.username?.toLowerCase().includes(q) || p.name.toLowerCase().includes(q)));
  return [...starts, ...contains].slice(0, limit);
}

/** The text with the `@query` at `start` (up to the caret) replaced by `@username `, and where the caret goes. */
export function insertMention(text: string, start: number, caret: number, username: string): { text: string; caret: number } {
  const inserted = `@${username} `;
  const rest = text.slice(caret).replace(/^ /, '');
  return { text: text.slice(0, start) + inserted + rest, caret: start + inserted.length };
}
