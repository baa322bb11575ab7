import type { Decider } from '@commonwork/kit';
import { type ChannelMarkEvent, type ChannelMarksState, initialChannelMarksState, type Marks, marksOf } from './marks.ts';

/** Pin, unpin, star or unstar one channel; whether the person may read it is checked before. */
export type ChannelMarkCommand = { type: 'Pin' | 'Unpin' | 'Star' | 'Unstar'; userId: string; channelId: string };

export function evolve(state: ChannelMarksState, event: ChannelMarkEvent): ChannelMarksState {
  switch (event.type) {
    case 'ChannelPinned':
    case 'ChannelUnpinned':
    case 'ChannelStarred':
    case 'ChannelUnstarred': {
      const { channelId, pinned, starred } = event.data;
      return { channels: { ...state.channels, [channelId]: { pinned, starred } } };
    }
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** What each command sets, and the event that says so. */
const EFFECTS = {
  Pin: { type: 'ChannelPinned', change: { pinned: true } },
  Unpin: { type: 'ChannelUnpinned', change: { pinned: false } },
  Star: { type: 'ChannelStarred', change: { starred: true } },
  Unstar: { type: 'ChannelUnstarred', change: { starred: false } },
} as const satisfies Record<ChannelMarkCommand['type'], { type: ChannelMarkEvent['type']; change: Partial<Marks> }>;

/** Idempotent: a mark already as asked decides nothing (a second tab, a retried call). */
export function decide(command: ChannelMarkCommand, state: ChannelMarksState): ChannelMarkEvent[] {
  const { userId, channelId } = command;
  const before = marksOf(state, channelId);
  const effect = EFFECTS[command.type];
  const after = { ...before, ...effect.change };
  if (after.pinned === before.pinned && after.starred === before.starred) return [];
  return [{ type: effect.type, data: { userId, channelId, ...after } }];
}

export const channelMarksDecider: Decider<ChannelMarksState, ChannelMarkCommand, ChannelMarkEvent> = {
  initialState: initialChannelMarksState,
  evolve,
  decide,
};
