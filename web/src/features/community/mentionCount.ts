import type { Channel, ChannelMessage } from '@commonwork/contracts';

/**
 * A live message that mentions the reader adds one to the channel's mention count: a message of
 * someone else's, after everything the list has seen (a copy delivered again counts once).
 */
export function countMention(channel: Channel, message: ChannelMessage, userId: string | undefined): Channel {
  const news = message.sequence > channel.lastSequence && message.sender._id !== userId;
  return news && userId && message.mentions.includes(userId) ? { ...channel, mentionCount: channel.mentionCount + 1 } : channel;
}

/**
 * Mentions are among the unread messages: reading them all (here or on another device, `unread-count`)
 * clears the count, and it is never more than the unread count. A read up to a point in between
 * keeps the count until the list is fetched again (the server's is exact).
 */
export function boundMentions(channel: Channel): Channel {
  const bounded = Math.min(channel.mentionCount, channel.unreadCount);
  return bounded === channel.mentionCount ? channel : { ...channel, mentionCount: bounded };
}
