import type { BroadcastContext } from './broadcast.ts';

/**
 * Emits a conversation's message changes once each and in the order they were made (numbered by
 * the conversation's `revision`: 1, 2, 3… with no gaps, as messaging takes them under a lock), under
 * an ordering key of their own apart from the posts' `sequence`.
 *
 * Not awaited by the consumer: the replicas' shared consumer handles one event at a time, so a
 * change waiting for its predecessor on the other replica would hold up every post behind it, and
 * that replica might itself be waiting for a post queued behind this change: both would wait out
 * the gate's bound and then skip. Pushes are at most once anyway; a client that missed a change
 * asks for `changedAfter` its highest revision.
 */
export function emitChangeInOrder({ ordered, log }: BroadcastContext, conversationId: string, revision: number, emit: () => void) {
  void ordered.inOrder(`changes:${conversationId}`, revision, emit).catch((error: unknown) => {
    log.warn({ err: error, conversationId, revision }, 'message change not emitted');
  });
}
