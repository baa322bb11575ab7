/** One person's marks on one channel. */
export interface Marks {
  pinned: boolean;
  starred: boolean;
}

type MarkData = { userId: string; channelId: string } & Marks;

/**
 * A person's pins and stars, one stream per person (messaging's own events). Each event carries
 * both marks as they are after it, so the projection and the published event need nothing else.
 */
export type ChannelMarkEvent =
  | { type: 'ChannelPinned'; data: MarkData }
  | { type: 'ChannelUnpinned'; data: MarkData }
  | { type: 'ChannelStarred'; data: MarkData }
  | { type: 'ChannelUnstarred'; data: MarkData };

/** Every channel the person has ever marked, folded from their marks. */
export interface ChannelMarksState {
  channels: Record<string, Marks>;
}

export const initialChannelMarksState = (): ChannelMarksState => ({ channels: {} });

export const NO_MARKS: Marks = { pinned: false, starred: false };

export const marksOf = (state: ChannelMarksState, channelId: string): Marks => state.channels[channelId] ?? NO_MARKS;
