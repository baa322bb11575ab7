import { defineAggregate } from '@commonwork/kit';
import type { MessagingTables } from '../tables.ts';
import type { ChatEvent, ChatState } from './chat.ts';
import { type ChatCommand, chatDecider } from './decide.ts';
import { projectChatEvents } from './projection.ts';

/** A gig conversation's stream `chat-<id>`: its start and every message (a hot stream, like a channel's). */
export const chatAggregate = defineAggregate<MessagingTables, ChatState, ChatCommand, ChatEvent>({
  name: 'chat',
  decider: chatDecider,
  project: projectChatEvents,
  snapshotEvery: 50,
  // Two first messages (or two "contact" calls) race before the snapshot row exists: retry those few.
  retries: 3,
});
