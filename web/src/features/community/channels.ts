import type { Channel } from '@commonwork/contracts';
import { MESSAGE_PARAM } from '../../shared/conversation/messageParam.ts';
import type { Presence } from '../../shared/socket/index.ts';

/**
 * The channel list's two sections (spec 002 §2), filtered by name (and to the starred ones when
 * the Starred filter is on), most recently active first.
 */
export function channelSections(channels: readonly Channel[], search: string, starredOnly = false): { pinned: Channel[]; all: Channel[] } {
  const needle = search.trim().toLowerCase();
  const matching = channels
    .filter((channel) => !needle || channel.name.toLowerCase().includes(needle))
    .filter((channel) => !starredOnly || channel.isStarred)
    .sort((a, b) => b.lastActivity.localeCompare(a.lastActivity));
  return { pinned: matching.filter((c) => c.isPinned), all: matching.filter((c) => !c.isPinned) };
}

/** Spec 002 §6: the creator and anyone in the admins list may generate a join link. */
export function isChannelAdmin(channel: Pick<Channel, 'creator' | 'admins'>, userId: string | null | undefined): boolean {
  if (!userId) return false;
  return channel.creator._id === userId || channel.admins.some((admin) => admin._id === userId);
}

type Member = Channel['members'][number];

/**
 * The members panel: online and offline, by name. A live `user-status-updated` wins over the
 * status the list call returned; 'away' counts as online (connected, idle); `self` (the user, while
 * their socket is connected) is online.
 */
export function splitMembers(members: readonly Member[], presence: ReadonlyMap<string, Presence>, self: string | null = null) {
  const withStatus = members
    .map((member) => ({ ...member, status: member._id === self ? 'online' : (presence.get(member._id) ?? member.status) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    online: withStatus.filter((m) => m.status !== 'offline'),
    offline: withStatus.filter((m) => m.status === 'offline'),
  };
}

/** The query parameter naming the open channel of /community. */
export const CHANNEL_PARAM = 'channel';

/** Where a channel opens: /community with it selected (a link from an event's page, a reload). */
export const channelPath = (channelId: string) => `/community?${CHANNEL_PARAM}=${encodeURIComponent(channelId)}`;

/** Where a message of a channel opens: its channel, with the message named. */
export const messagePath = (channelId: string, messageId: string) =>
  `${channelPath(channelId)}&${MESSAGE_PARAM}=${encodeURIComponent(messageId)}`;
