/** The channel aggregate's stored events (messaging's own; `publish.ts` maps what others see). */
export type ChannelEvent =
  | {
      type: 'ChannelCreated';
      data: {
        channelId: string;
        name: string;
        description: string;
        type: 'public' | 'private';
        category: 'general' | 'random' | 'tech' | 'music';
        creatorId: string;
      };
    }
  | { type: 'MemberJoined'; data: { channelId: string; userId: string; via: 'create' | 'post' | 'link'; memberCount: number } }
  | { type: 'JoinLinkGenerated'; data: { channelId: string; joinLink: string; generatedBy: string } }
  | {
      type: 'MessagePosted';
      data: {
        channelId: string;
        messageId: string;
        sequence: number;
        messageCount: number;
        sender: { userId: string; name: string; email: string; picture: string };
        content: string;
        clientId: string | null;
      };
    };

/** What a decision about a channel needs to know, for one actor (loaded from the read tables). */
export interface ChannelState {
  exists: boolean;
  channelId: string;
  type: 'public' | 'private';
  creatorId: string;
  actorIsMember: boolean;
  memberCount: number;
  messageCount: number;
  lastSequence: number;
}

export const initialChannelState = (): ChannelState => ({
  exists: false,
  channelId: '',
  type: 'public',
  creatorId: '',
  actorIsMember: false,
  memberCount: 0,
  messageCount: 0,
  lastSequence: 0,
});

export const channelStreamId = (channelId: string) => `channel-${channelId}`;
