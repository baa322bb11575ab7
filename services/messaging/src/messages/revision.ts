import { sql } from 'kysely';
import { revisionOf } from '../reads/listMessages.ts';
import type { MessagingDb } from '../tables.ts';

/**
 * Takes the conversation's change lock for the rest of the transaction and returns its counter.
 * Changes to one conversation commit one after another, each with the next number, so a client
 * that has seen revision R and asks for what changed after it never misses a change committed
 * later with a smaller number. An advisory lock rather than the counter's row: the first change of
 * a conversation has no row to lock yet, and a change that decides nothing must leave no row behind.
 */
export async function lockRevision(trx: MessagingDb, conversationId: string): Promise<number> {
  await sql`select pg_advisory_xact_lock(hashtext(${`messaging:revision:${conversationId}`}))`.execute(trx);
  return revisionOf(trx, conversationId);
}
