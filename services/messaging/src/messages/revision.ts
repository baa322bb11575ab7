import { AppError } from '@commonwork/kit';
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
async function lockRevision(trx: MessagingDb, conversationId: string): Promise<number> {
  await sql`select pg_advisory_xact_lock(hashtext(${`messaging:revision:${conversationId}`}))`.execute(trx);
  return revisionOf(trx, conversationId);
}

/** One change: decided with the revision it is offered, in the transaction it is given; says whether it changed anything. */
export type ChangeDecision<T> = (trx: MessagingDb, revision: number) => Promise<{ result: T; changed: boolean }>;

interface Waiting {
  decide: ChangeDecision<unknown>;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Runs each conversation's changes in turns (group commit, as a busy channel's posts): the changes
 * that arrive while the conversation's transaction runs wait in this process and the next
 * transaction decides them all, under the lock, each with the next revision. Without it, each
 * waiting change would hold a pooled connection while it queued on the lock, and a burst of
 * reactions on one channel could take every connection from the posts. A refusal (the decider's
 * error, thrown before anything is written) is that change's answer; the others go on. Replicas
 * queue on the lock.
 */
export function conversationTurns(db: MessagingDb, afterCommit: () => void) {
  const waiting = new Map<string, Waiting[]>();

  const decideAll = (conversationId: string, batch: readonly Waiting[]) =>
    db.transaction().execute(async (trx) => {
      const from = await lockRevision(trx, conversationId);
      let revision = from;
      const outcomes: ({ ok: true; result: unknown } | { ok: false; error: unknown })[] = [];
      for (const { decide } of batch) {
        try {
          const { result, changed } = await decide(trx, revision + 1);
          if (changed) revision++;
          outcomes.push({ ok: true, result });
        } catch (error) {
          // A decider's refusal wrote nothing: the transaction goes on. Anything else (a stale
          // version is a failed insert) has aborted it, so the whole batch fails.
          if (!(error instanceof AppError) || error.code === 'STALE_VERSION') throw error;
          outcomes.push({ ok: false, error });
        }
      }
      return { outcomes, changed: revision > from };
    });

  const drain = async (conversationId: string) => {
    for (let batch = waiting.get(conversationId); batch && batch.length > 0; batch = waiting.get(conversationId)) {
      waiting.set(conversationId, []);
      try {
        const { outcomes, changed } = await decideAll(conversationId, batch);
        if (changed) afterCommit();
        batch.forEach((entry, i) => {
          const outcome = outcomes[i];
          if (outcome?.ok) entry.resolve(outcome.result);
          else entry.reject(outcome?.error ?? new Error('no outcome for a change'));
        });
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    waiting.delete(conversationId);
  };

  return <T>(conversationId: string, decide: ChangeDecision<T>) =>
    new Promise<T>((resolve, reject) => {
      const entry: Waiting = { decide, resolve: resolve as (result: unknown) => void, reject };
      const queued = waiting.get(conversationId);
      if (queued) {
        queued.push(entry);
        return;
      }
      waiting.set(conversationId, [entry]);
      // Started once this turn's other requests have been read, so they join it (as the kit's group commit).
      setImmediate(() => void drain(conversationId));
    });
}
