import { type ChangeableMessage, LIMITS, MESSAGE_PAGE_SIZE } from '@commonwork/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { type ChangesFrame, highestRevision, type Revised, withChangedMessage, withChangedMessages, withFrameChanges } from './changes.ts';
import { firstSequenceOf, lastSequenceOf, mergeMessages, type Sequenced } from './conversation.ts';

/** A cursor query on a conversation's messages: one cursor, then the page size (sent in this order). */
export type CursorQuery = { after: number; limit: number } | { before: number; limit: number } | { changedAfter: number; limit: number };

/**
 * Reads one page of a conversation's messages for a cursor (the channel's or the chat's route), so
 * the cache rules here need not know which conversation they serve.
 */
export type FetchMessagesPage<T> = (query: CursorQuery) => Promise<{ messages: readonly T[]; hasMore: boolean }>;

/**
 * Everything after `after` in a conversation, oldest first: `?after=…&limit=100`, paged with the
 * last sequence received until the server says there is no more. Socket.IO delivers at most once,
 * so this is how a reconnecting or refocused screen gets exactly what it missed.
 */
export async function fetchMessagesAfter<T extends { sequence: number }>(fetchPage: FetchMessagesPage<T>, after: number): Promise<T[]> {
  const all: T[] = [];
  let cursor = after;
  for (;;) {
    const page = await fetchPage({ after: cursor, limit: LIMITS.maxPageSize });
    all.push(...page.messages);
    const last = page.messages.at(-1);
    if (!page.hasMore || !last) return all;
    cursor = last.sequence;
  }
}

/**
 * The page just older than `before` (the first sequence a screen holds), oldest first:
 * `?before=…&limit=50`. A cursor, unlike a page number, does not shift as messages arrive.
 */
export async function fetchMessagesBefore<T>(fetchPage: FetchMessagesPage<T>, before: number): Promise<readonly T[]> {
  const page = await fetchPage({ before, limit: MESSAGE_PAGE_SIZE });
  return page.messages;
}

/**
 * Merges server messages into a conversation's cached messages when they are held or being loaded
 * (the load merges what it finds held, so a message that arrives live meanwhile is not lost).
 */
export function addToConversation<T extends Sequenced>(queryClient: QueryClient, key: QueryKey, messages: readonly T[]): void {
  const loading = queryClient.getQueryState(key)?.fetchStatus === 'fetching';
  queryClient.setQueryData<T[]>(key, (held) => (held || loading ? mergeMessages<T>(held ?? [], messages) : held));
}

/**
 * A message that arrived live, merged into its conversation's cache. When it lands further ahead
 * than the one after the newest held, what lies between is fetched (`after`): live delivery is at
 * most once, and a replica that cannot emit a message in order skips it rather than sending it late.
 */
export async function receiveLive<T extends Sequenced>(
  queryClient: QueryClient,
  key: QueryKey,
  fetchPage: FetchMessagesPage<T>,
  message: T,
): Promise<void> {
  const held = queryClient.getQueryData<T[]>(key);
  const last = lastSequenceOf(held ?? []);
  addToConversation(queryClient, key, [message]);
  if (last === 0 || message.sequence <= last + 1) return;
  const missed = await fetchMessagesAfter(fetchPage, last);
  if (missed.length) addToConversation(queryClient, key, missed);
}

/**
 * Resolves once no query under `key` is being fetched (at once when none is). A socket that has just
 * joined (connected, or entered a channel's room) may have missed what went out before: a first read
 * still on its way may have been made before that too, and an invalidation would join it, not read
 * again, so the catch-up waits for it here.
 */
export function whenFetched(queryClient: QueryClient, key: QueryKey): Promise<void> {
  const fetching = () => queryClient.isFetching({ queryKey: key }) > 0;
  return new Promise((resolve) => {
    if (!fetching()) return resolve();
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (fetching()) return;
      stop();
      resolve();
    });
  });
}

/**
 * What a conversation missed since the last message held (`after`), merged into its cache, then
 * what changed since the highest revision seen (`changedAfter`); nothing when nothing is held.
 */
export async function catchUpConversation<T extends Sequenced & Revised>(
  queryClient: QueryClient,
  key: QueryKey,
  fetchPage: FetchMessagesPage<T>,
): Promise<void> {
  const held = queryClient.getQueryData<T[]>(key);
  if (!held) return;
  const missed = await fetchMessagesAfter(fetchPage, lastSequenceOf(held));
  if (missed.length) addToConversation(queryClient, key, missed);
  await catchUpChanges(queryClient, key, fetchPage);
}

/**
 * The page before the oldest message held (`before`), merged into the cache like any other server
 * messages, so live ones that arrive meanwhile stay. Reads the cursor from the cache at call time,
 * so a second click after a page landed asks for the next page back.
 */
export async function loadOlderIntoConversation<T extends Sequenced>(
  queryClient: QueryClient,
  key: QueryKey,
  fetchPage: FetchMessagesPage<T>,
): Promise<void> {
  const first = firstSequenceOf(queryClient.getQueryData<T[]>(key) ?? []);
  if (first <= 1) return;
  const older = await fetchMessagesBefore(fetchPage, first);
  if (older.length) addToConversation(queryClient, key, older);
}

/**
 * The highest change `revision` applied to each conversation's held messages, by their query: it
 * lives exactly as long as they do (a query of its own would be collected while never observed).
 */
const revisions = new WeakMap<object, number>();
const messagesQuery = (queryClient: QueryClient, key: QueryKey) => queryClient.getQueryCache().find({ queryKey: key, exact: true });

/** The highest change revision this screen has applied to a conversation; undefined before its first page. */
export function seenRevision(queryClient: QueryClient, key: QueryKey): number | undefined {
  const query = messagesQuery(queryClient, key);
  return query ? revisions.get(query) : undefined;
}

function setSeenRevision(queryClient: QueryClient, key: QueryKey, revision: number): void {
  const query = messagesQuery(queryClient, key);
  if (query) revisions.set(query, revision);
}

/**
 * A messages page's `revision` (read by the server before the page) as the starting point of the
 * changes cursor. Only the first: a page read again later says nothing of the older messages held
 * beside it, so the cursor stays where it was and the next catch-up replays from there.
 */
export function startRevision(queryClient: QueryClient, key: QueryKey, revision: number): void {
  if (seenRevision(queryClient, key) === undefined) setSeenRevision(queryClient, key, revision);
}

/** Changed messages merged into the held ones (newest revision wins), and the cursor moved past them. */
function applyChanges<T extends Revised>(queryClient: QueryClient, key: QueryKey, changed: readonly T[]): void {
  if (changed.length === 0) return;
  queryClient.setQueryData<readonly T[]>(key, (held) => (held ? withChangedMessages(held, changed) : held));
  const seen = seenRevision(queryClient, key);
  if (seen !== undefined) setSeenRevision(queryClient, key, highestRevision(seen, changed));
}

/**
 * Every message changed after `changedAfter` (edited, deleted, reacted to), in the order the
 * changes were made: `?changedAfter=…&limit=100`, paged with the last revision received.
 */
export async function fetchChangesAfter<T extends Revised>(fetchPage: FetchMessagesPage<T>, changedAfter: number): Promise<T[]> {
  const all: T[] = [];
  let cursor = changedAfter;
  for (;;) {
    const page = await fetchPage({ changedAfter: cursor, limit: LIMITS.maxPageSize });
    all.push(...page.messages);
    const last = page.messages.at(-1);
    if (!page.hasMore || !last) return all;
    cursor = last.revision;
  }
}

/** What changed in a conversation since the highest revision seen, applied once, in order; nothing before its first page. */
export async function catchUpChanges<T extends Revised>(queryClient: QueryClient, key: QueryKey, fetchPage: FetchMessagesPage<T>) {
  const seen = seenRevision(queryClient, key);
  if (seen === undefined || !queryClient.getQueryData(key)) return;
  applyChanges(queryClient, key, await fetchChangesAfter(fetchPage, seen));
}

/**
 * A change that arrived live (`message-updated`, `chat-message-updated`). Revisions count each
 * change of the conversation, so one further ahead than the next says some were missed (live
 * delivery is at most once): those are fetched (`changedAfter`), as `receiveLive` does for posts.
 */
export async function receiveChange<T extends Revised>(
  queryClient: QueryClient,
  key: QueryKey,
  fetchPage: FetchMessagesPage<T>,
  message: T,
): Promise<void> {
  const seen = seenRevision(queryClient, key);
  if (seen === undefined || message.revision <= seen + 1) {
    applyChanges(queryClient, key, [message]);
    return;
  }
  queryClient.setQueryData<readonly T[]>(key, (held) => (held ? withChangedMessage(held, message) : held));
  applyChanges(queryClient, key, await fetchChangesAfter(fetchPage, seen));
}

/**
 * Several changes that arrived live at once (`messages-updated`: a busy room's changes go out a few
 * times a second, each only what it changed). The frame covers every change from `after` to
 * `revision`, so those are not missed: its changes are applied to the held messages and the cursor
 * moves to `revision`. A frame that starts past the cursor (what lay between was not sent live) is
 * not applied on top of copies that may lack what lay between: every change after the cursor, the
 * frame's included, is fetched whole (`changedAfter`).
 */
export async function receiveChanges<T extends Revised & ChangeableMessage>(
  queryClient: QueryClient,
  key: QueryKey,
  fetchPage: FetchMessagesPage<T>,
  frame: ChangesFrame,
): Promise<void> {
  const seen = seenRevision(queryClient, key);
  if (seen === undefined || frame.after <= seen) {
    queryClient.setQueryData<readonly T[]>(key, (held) => (held ? withFrameChanges(held, frame) : held));
    if (seen !== undefined) setSeenRevision(queryClient, key, Math.max(seen, frame.revision));
    return;
  }
  applyChanges(queryClient, key, await fetchChangesAfter(fetchPage, seen));
}
