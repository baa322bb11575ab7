import type { Projections } from '@commonwork/kit';
import { channelMarksAggregate } from './channelMarks/aggregate.ts';
import { channelAggregate } from './channels/aggregate.ts';
import { chatAggregate } from './chats/aggregate.ts';
import { subscriptions } from './handlers/index.ts';
import { incomingHookAggregate } from './incomingHooks/aggregate.ts';
import { messageAggregate } from './messages/aggregate.ts';
import { type MessagingEvent, publishMessagingEvent } from './publish.ts';
import { readAggregate } from './reads/aggregate.ts';
import type { MessagingTables } from './tables.ts';

/** Messaging's read side: what `npm run rebuild` replays and empties; people and gigs come from identity's and marketplace's events. */
export const projections: Projections<MessagingTables, MessagingEvent> = {
  schema: 'messaging',
  tables: [
    'channels',
    'channel_members',
    'channel_messages',
    'chats',
    'chat_messages',
    'conversation_revisions',
    'read_positions',
    'channel_marks',
    'mention_marks',
    'incoming_hooks',
  ],
  kept: {
    incoming_hook_usage: 'each incoming webhook’s rate-limit clock and last use, kept outside events',
    message_words:
      'the words messages held, written by a trigger on the message tables: the rebuilt messages write the same words again, and a word no message holds any more only finds nothing',
  },
  aggregates: [channelAggregate, chatAggregate, readAggregate, channelMarksAggregate, messageAggregate, incomingHookAggregate],
  subscriptions,
  publish: publishMessagingEvent,
};
