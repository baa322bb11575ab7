import type { Selectable } from 'kysely';
import type { MessagingDb, MessagingTables } from '../tables.ts';

type MessageTable = 'channel_messages' | 'chat_messages';
type Row<T extends MessageTable> = Selectable<MessagingTables[T]>;

/**
 * One page of a conversation, oldest first. Page 1 is the newest `limit` messages (page 2 the ones
 * before them); `after` returns exactly what followed a sequence, so a client that was away for
 * seconds or days fetches what it missed, in order, by paging with its last sequence; `before`
 * returns the `limit` messages just older than a sequence, so a reader scrolling back pages with
 * its first sequence and never sees a page shift as new messages arrive; `changedAfter` returns the
 * messages changed (edited, deleted, reacted to) after a revision, in the order they changed.
 * `revision` is the conversation's change counter, read before the messages: a change made while
 * they are read comes again on the next `changedAfter`, never not at all.
 */
export async function listMessages<T extends MessageTable>(
  db: MessagingDb,
  table: T,
  key: T extends 'channel_messages' ? 'channel_id' : 'chat_id',
  conversationId: string,
  query: { page: number; limit: number; after?: number | undefined; before?: number | undefined; changedAfter?: number | undefined },
): Promise<{ rows: Row<T>[]; hasMore: boolean; revision: number }> {
  const revision = await revisionOf(db, conversationId);
  const { rows, hasMore } = await pageOf(db, table, key, conversationId, query);
  return { rows, hasMore, revision };
}

/** A conversation's change counter: 0 until its first change. */
export async function revisionOf(db: MessagingDb, conversationId: string): Promise<number> {
  const row = await db
    .selectFrom('conversation_revisions')
    .select('revision')
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  return row?.revision ?? 0;
}

async function pageOf<T extends MessageTable>(
  db: MessagingDb,
  table: T,
  key: T extends 'channel_messages' ? 'channel_id' : 'chat_id',
  conversationId: string,
  query: { page: number; limit: number; after?: number | undefined; before?: number | undefined; changedAfter?: number | undefined },
): Promise<{ rows: Row<T>[]; hasMore: boolean }> {
  // The two tables share the columns this query touches; Kysely cannot see that through the union.
  const base = db
    .selectFrom(table as 'chat_messages')
    .selectAll()
    .where(key as 'chat_id', '=', conversationId);
  if (query.changedAfter !== undefined) {
    const rows = await base
      .where('revision', '>', query.changedAfter)
      .orderBy('revision', 'asc')
      .limit(query.limit + 1)
      .execute();
    return { rows: rows.slice(0, query.limit) as Row<T>[], hasMore: rows.length > query.limit };
  }
  if (query.after !== undefined) {
    const rows = await base
      .where('sequence', '>', query.after)
      .orderBy('sequence', 'asc')
      .limit(query.limit + 1)
      .execute();
    return { rows: rows.slice(0, query.limit) as Row<T>[], hasMore: rows.length > query.limit };
  }
  if (query.before !== undefined) {
    // Newest first with a bound, so the (conversation, sequence) index is walked from `before` down.
    const rows = await base
      .where('sequence', '<', query.before)
      .orderBy('sequence', 'desc')
      .limit(query.limit + 1)
      .execute();
    return { rows: rows.slice(0, query.limit).reverse() as Row<T>[], hasMore: rows.length > query.limit };
  }
  const rows = await base
    .orderBy('sequence', 'desc')
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit)
    .execute();
  return { rows: rows.slice(0, query.limit).reverse() as Row<T>[], hasMore: rows.length > query.limit };
}
