import { sql } from 'kysely';
import type { MessagingDb } from '../tables.ts';

const wordsOfContent = sql<string>`unnest(tsvector_to_array(to_tsvector('simple', content)))`.as('word');

/** Every word a person's messages hold now (as message_words keeps them): read before their words are removed. */
export async function wordsWrittenBy(db: MessagingDb, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('channel_messages')
    .select(wordsOfContent)
    .where('sender_id', '=', userId)
    .union(db.selectFrom('chat_messages').select(wordsOfContent).where('sender_id', '=', userId))
    .execute();
  return rows.map((r) => r.word);
}

/**
 * Removes from message_words those of `words` that no message holds any more (the forgotten
 * person's, once their messages are emptied), so a typo's reading cannot show that anyone wrote
 * them. A word is looked up through the full-text index first, then checked exactly; a stop word
 * ("the") is never in that index and goes too, which loses nothing: full-text never finds one.
 * message_words outlives a rebuild, and the replayed (redacted) messages are empty, so nothing
 * brings a removed word back.
 */
export async function dropWordsNoLongerHeld(db: MessagingDb, words: readonly string[]): Promise<void> {
  if (words.length === 0) return;
  await db
    .deleteFrom('message_words')
    .where(sql<boolean>`word = any(${[...words]}::text[])`)
    .where(({ not, or, exists, selectFrom, ref }) => {
      const heldIn = (table: 'channel_messages' | 'chat_messages') =>
        exists(
          selectFrom(table)
            .select(sql`1`.as('held'))
            .where(sql<boolean>`search @@ plainto_tsquery('english', ${ref('message_words.word')})`)
            .where(sql<boolean>`${ref('message_words.word')} = any(tsvector_to_array(to_tsvector('simple', content)))`),
        );
      return not(or([heldIn('channel_messages'), heldIn('chat_messages')]));
    })
    .execute();
}
