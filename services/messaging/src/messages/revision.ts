import type { EventMetadata } from '@commonwork/contracts';
import { type AggregateStore, type CommitHook, currentCommitHooks, withCommitHooks } from '@commonwork/kit';
import { sql } from 'kysely';
import { revisionOf } from '../reads/listMessages.ts';
import type { MessagingDb, MessagingTables } from '../tables.ts';
import { messageDecider } from './decide.ts';
import type { ChangedMessage, MessageCommand, MessageEvent, MessageState } from './message.ts';

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

/**
 * One change waiting for its conversation's turn: which message, whose metadata, and its command
 * once its revision is known (the next one, if the changes decided before it in the turn took theirs).
 */
export interface ChangeRequest {
  messageId: string;
  metadata: EventMetadata;
  command: (revision: number) => MessageCommand;
}

interface Waiting {
  change: ChangeRequest;
  /** The commit hooks of the request that asked for the change (its idempotency key). */
  hooks: readonly CommitHook[];
  resolve: (changed: ChangedMessage | undefined) => void;
  reject: (error: unknown) => void;
}

type Messages = AggregateStore<MessageState, MessageCommand, MessageEvent, MessagingTables>;

/**
 * Runs each conversation's changes in turns (group commit, as a busy channel's posts): the changes
 * that arrive while the conversation's transaction runs wait in this process, and the next
 * transaction decides them all under the lock, each with the next revision, as one write: the
 * messages' streams read in one query, the events appended in one statement and the rows written
 * in one (the kit's `handleAllIn`). Without it, each waiting change would hold a pooled connection
 * while it queued on the lock, and a burst of reactions on one channel could take every connection
 * from the posts. A refusal (the decider's error: nothing is written for it) is that change's
 * answer; the others go on. Replicas queue on the lock.
 */
export function conversationTurns(db: MessagingDb, messages: Messages, afterCommit: () => void) {
  const waiting = new Map<string, Waiting[]>();

  const decideAll = (conversationId: string, batch: readonly Waiting[]) =>
    db.transaction().execute(async (trx) => {
      const from = await lockRevision(trx, conversationId);
      let revision = from;
      const outcomes = await messages.handleAllIn(
        trx,
        batch.map(({ change }) => ({
          id: change.messageId,
          metadata: change.metadata,
          decide: (state: MessageState) => {
            const events = messageDecider.decide(change.command(revision + 1), state);
            if (events.length > 0) revision++;
            return events;
          },
        })),
      );
      return { outcomes, changed: revision > from };
    });

  const drain = async (conversationId: string) => {
    for (let batch = waiting.get(conversationId); batch && batch.length > 0; batch = waiting.get(conversationId)) {
      waiting.set(conversationId, []);
      try {
        // The turn commits every change in it, so it carries each request's commit hooks.
        const hooks = [...new Set(batch.flatMap((entry) => entry.hooks))];
        const { outcomes, changed } = await withCommitHooks(hooks, () => decideAll(conversationId, batch));
        if (changed) afterCommit();
        batch.forEach((entry, i) => {
          const outcome = outcomes[i];
          if (outcome?.ok) entry.resolve(outcome.events.at(-1)?.data);
          else entry.reject(outcome?.error ?? new Error('no outcome for a change'));
        });
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    waiting.delete(conversationId);
  };

  /** Decides a change in its conversation's turn; the message as it now is, or undefined when nothing changed. */
  return (conversationId: string, change: ChangeRequest) =>
    new Promise<ChangedMessage | undefined>((resolve, reject) => {
      const entry: Waiting = { change, hooks: currentCommitHooks(), resolve, reject };
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
