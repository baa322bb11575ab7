import { defineAggregate } from '@commonwork/kit';
import type { MessagingTables } from '../tables.ts';
import { type ChannelMarkCommand, channelMarksDecider } from './decide.ts';
import type { ChannelMarkEvent, ChannelMarksState } from './marks.ts';
import { projectChannelMarkEvents } from './projection.ts';

/**
 * A person's pins and stars, stream `marks-<userId>`: per person, because a mark is one person's
 * view of a channel and never touches the channel's own (hot) stream. No dash in the name: the
 * rebuild finds a stream's aggregate by what comes before the first one.
 */
export const channelMarksAggregate = defineAggregate<MessagingTables, ChannelMarksState, ChannelMarkCommand, ChannelMarkEvent>({
  name: 'marks',
  decider: channelMarksDecider,
  project: projectChannelMarkEvents,
  snapshotEvery: 50,
  // Two tabs marking at once: retry those few.
  retries: 3,
});
