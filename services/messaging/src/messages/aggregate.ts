import { defineAggregate } from '@commonwork/kit';
import type { MessagingTables } from '../tables.ts';
import { messageDecider } from './decide.ts';
import type { MessageCommand, MessageEvent, MessageState } from './message.ts';
import { projectMessageEvents } from './projection.ts';

/**
 * One message's changes, stream `message-<messageId>`: edits, its deletion, reactions. Short
 * streams (a few changes each), so no snapshot, and each change is one statement (the kit's
 * one-statement write). Its writers take their conversation's turn in this process
 * (messages/revision.ts); two replicas changing one message at once can both append its next
 * version, and the one that finds it taken decides again (`retries`).
 */
export const messageAggregate = defineAggregate<MessagingTables, MessageState, MessageCommand, MessageEvent>({
  name: 'message',
  decider: messageDecider,
  project: projectMessageEvents,
  retries: 3,
});
