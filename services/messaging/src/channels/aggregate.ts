import { defineAggregate } from '@commonwork/kit';
import type { MessagingTables } from '../tables.ts';
import type { ChannelEvent, ChannelState } from './channel.ts';
import { type ChannelCommand, channelDecider } from './decide.ts';
import { projectChannelEvents } from './projection.ts';

/**
 * A channel's stream `channel-<id>`: creation, members, join links and every message. A busy
 * channel is a hot stream: its posters in one process share a transaction, processes take turns on
 * the snapshot row, and a decision folds at most the last few dozen events after it.
 */
export const channelAggregate = defineAggregate<MessagingTables, ChannelState, ChannelCommand, ChannelEvent>({
  name: 'channel',
  decider: channelDecider,
  project: projectChannelEvents,
  snapshotEvery: 50,
  // Only a stream's first writers can conflict (before its snapshot row exists): retry those few.
  retries: 3,
  // Sends to one channel that arrive while its transaction runs go together in the next one (the
  // routes bound the queue: CHANNEL_SEND_QUEUE).
  groupCommit: true,
});
