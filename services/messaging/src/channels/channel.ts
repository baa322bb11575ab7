import type { Attachment, MessageApp } from '@commonwork/contracts';

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
        /** Set on a tech event's channel, whose members are the event's organiser and attendees. */
        eventId?: string;
      };
    }
  | { type: 'MemberJoined'; data: { channelId: string; userId: string; via: 'create' | 'post' | 'link' | 'event'; memberCount: number } }
  | { type: 'MemberLeft'; data: { channelId: string; userId: string; memberCount: number } }
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
        /** The members mentioned (user ids), when any. */
        mentions?: string[];
        /** The sender's uploads sent with it, as checked when it was posted, when any. */
        attachments?: Attachment[];
        /** The incoming webhook that posted it (its sender is the hook: its id, the name shown), when one did. */
        app?: MessageApp;
      };
    };

/**
 * A channel folded from its events: what every decision about it needs. Plain JSON, because a
 * channel is a hot stream whose state the kit keeps in a snapshot (see aggregate.ts).
 */
export interface ChannelState {
  exists: boolean;
  channelId: string;
  type: 'public' | 'private';
  creatorId: string;
  /** Everyone who joined, in joining order; only an event channel's members leave (their seat given up). */
  members: string[];
  messageCount: number;
  lastSequence: number;
}

export const initialChannelState = (): ChannelState => ({
  exists: false,
  channelId: '',
  type: 'public',
  creatorId: '',
  members: [],
  messageCount: 0,
  lastSequence: 0,
});
