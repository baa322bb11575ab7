import { defineAggregate } from '@commonwork/kit';
import type { MessagingTables } from '../tables.ts';
import { messageDecider } from './decide.ts';
import type { MessageCommand, MessageEvent, MessageState } from './message.ts';
import { projectMessageEvents } from './projection.ts';

/**
 * One message's changes, stream `message-<messageId>`: edits, its deletion, reactions. Short
 * streams (a few changes each), so no snapshot. Its writers take their conversation's turn
 * (messages/revision.ts: in this process a queue, across replicas a lock) before they read the
 * stream, so they never conflict on its version and need no retries.
 */
export const messageAggregate = defineAggregate<MessagingTables, MessageState, MessageCommand, MessageEvent>({
  name: 'message',
  decider: messageDecider,
  project: projectMessageEvents,
});
