import type { Projections } from '@commonwork/kit';
import { channelAggregate } from './channels/aggregate.ts';
import { chatAggregate } from './chats/aggregate.ts';
import { readAggregate } from './reads/aggregate.ts';
import type { MessagingTables } from './tables.ts';

/**
 * Messaging's read side: what `npm run rebuild` replays and empties. The people and gigs read
 * models come from other services' events and are kept.
 */
export const projections: Projections<MessagingTables> = {
  schema: 'messaging',
  tables: ['channels', 'channel_members', 'channel_messages', 'chats', 'chat_messages', 'read_positions'],
  aggregates: [channelAggregate, chatAggregate, readAggregate],
};
