import type { EventMetadata } from '@commonwork/contracts';
import {
  type AggregateStore,
  AppError,
  type CommitHook,
  createError,
  currentCommitHooks,
  type Known,
  withCommitHooks,
} from '@commonwork/kit';
import { sql } from 'kysely';
import { revisionOf } from '../reads/listMessages.ts';
import type { MessagingDb, MessagingTables } from '../tables.ts';
import type { ChangedMessage, MessageCommand, MessageEvent, MessageState } from './message.ts';

/**
 * One change waiting for its conversation's turn: which message, whose metadata, its command once
 * its revision is known, and what its request answers from the message as the change leaves it
 * (undefined when nothing changed), built before the write so an Idempotency-Key records it there.
 */
export interface ChangeRequest<A> {
  messageId: string;
  /** The message's stream as the route read it from its row (knownState): the write starts from it. */
  known: Known<MessageState>;
  metadata: EventMetadata;
  command: (revision: number) => MessageCommand;
  answer: (changed: ChangedMessage | undefined) => A;
}

type Messages = AggregateStore<MessageState, MessageCommand, MessageEvent, MessagingTables>;

/** Another writer (another replica) took the revision this change was decided with: decided again with the next. */
const RevisionTaken = createError('REVISION_TAKEN', 'Too many changes to this conversation at once. Please try again in a moment.', 503);
/**
 * Beaten by another replica: to the revision (its mark refused), or to the message's next version
 * (the kit retried its own write a few times already).
 */
const beaten = (error: unknown) => error instanceof AppError && (error.code === 'REVISION_TAKEN' || error.code === 'STALE_VERSION');

/** A change decided again this many times, each time beaten by another replica, is refused (503). */
const MOST_TRIES = 20;
/** Conversations whose last revision this process remembers; the oldest are forgotten past it. */
const REMEMBERED = 50_000;

/**
 * The check that `revision` is this change's alone, made in the change's own write: the
 * projection has raised the conversation's counter to it (`raiseRevisions`), which it does only
 * from below; when another writer got there first the counter row is theirs, not this
 * transaction's (its `xmin` is their transaction id), and the write is refused with
 * `RevisionTaken`, rolled back whole. The counter row is locked from the raise to the commit, so
 * changes to one conversation commit in revision order across replicas.
 */
function revisionMark(db: MessagingDb, conversationId: string, revision: number): CommitHook {
  const mark = db
    .updateTable('conversation_revisions')
    .set({ revision: sql`revision` })
    .where('conversation_id', '=', conversationId)
    .where('revision', '=', revision)
    .where(sql`xmin`, '=', sql`pg_current_xact_id()::xid`);
  // Once the change is written, the hooks of its context are still those of what it sets off (the
  // outbox relay's round, woken after the commit): those are not this change's, and owe no mark.
  let written = false;
  return {
    before: async (connection) => {
      if (written) return;
      const { rows } = await connection.executeQuery(mark.returning('revision').compile());
      if (rows.length === 0) throw RevisionTaken();
    },
    after: () => {
      written = true;
    },
    inWrite: () => (written ? null : { query: mark.compile(), refusal: () => RevisionTaken() }),
  };
}

/**
 * Runs each conversation's changes one at a time in this process, each as the message's own write
 * (the kit's one-statement write: read the message's stream, then one call that appends, projects
 * and checks). Changes to one conversation are numbered by its `revision`: 1, 2, 3… with no gaps,
 * in the order they commit, so a client that has seen revision R and asks for what changed after
 * it never misses a change committed later with a smaller number. The next revision is the one
 * after the highest this process knows (the route's read, or its own last write); a write that
 * finds it taken (another replica's change committed first) reads the counter and decides again.
 * One at a time in this process, a burst of reactions on one channel holds one pooled connection,
 * never every one the posts need.
 */
export function conversationTurns(db: MessagingDb, messages: Messages) {
  const tails = new Map<string, Promise<unknown>>();
  const known = new Map<string, number>();

  const remember = (conversationId: string, revision: number) => {
    known.delete(conversationId); // re-inserted last: the Map's order is least recently written first
    known.set(conversationId, revision);
    if (known.size > REMEMBERED) for (const key of [...known.keys()].slice(0, REMEMBERED / 5)) known.delete(key);
  };

  const decide = async <A>(conversationId: string, change: ChangeRequest<A>, read: number | undefined) => {
    let revision = Math.max(read ?? (await revisionOf(db, conversationId)), known.get(conversationId) ?? 0);
    for (let tries = 1; ; tries++) {
      const next = revision + 1;
      try {
        const { events, answer } = await withCommitHooks([...currentCommitHooks(), revisionMark(db, conversationId, next)], () =>
          messages.handle(change.messageId, change.command(next), change.metadata, {
            answer: (handled) => change.answer(handled.events.at(-1)?.data as ChangedMessage | undefined),
            // Beaten once, the row read before is behind: the stream is read again.
            ...(tries === 1 && { known: change.known }),
          }),
        );
        if (events.length > 0) remember(conversationId, next);
        return answer;
      } catch (error) {
        if (!beaten(error) || tries >= MOST_TRIES) throw error;
        revision = await revisionOf(db, conversationId);
      }
    }
  };

  /**
   * Decides a change in its conversation's turn (`read`: the conversation's revision as the caller
   * read it, if it did); the change's answer.
   */
  return <A>(conversationId: string, change: ChangeRequest<A>, read?: number): Promise<A> => {
    const turn = (tails.get(conversationId) ?? Promise.resolve()).then(() => decide(conversationId, change, read));
    const tail = turn.catch(() => undefined);
    tails.set(conversationId, tail);
    void tail.then(() => {
      if (tails.get(conversationId) === tail) tails.delete(conversationId);
    });
    return turn;
  };
}
