import {
  ChannelCreated,
  ChannelMemberJoined,
  ChannelMessagePosted,
  ChatCreated,
  ChatMessagePosted,
  ConversationRead,
  channelMessage,
  chatMessage,
  type EventEnvelope,
} from '@commonwork/contracts';
import { type StoredEvent, toEnvelope } from '@commonwork/kit';
import type { ChannelEvent } from './channels/channel.ts';
import type { ChatEvent } from './chats/chat.ts';
import type { ReadEvent } from './reads/read.ts';

type MessagingEvent = ChannelEvent | ChatEvent | ReadEvent;

const authorOf = (s: { userId: string; name: string; picture: string }) => ({ id: s.userId, name: s.name, picture: s.picture });

/**
 * Chooses what messaging publishes. Join links are secrets and stay private; everything else
 * carries what the realtime tier needs to emit without calling back.
 */
export function publishMessagingEvent(stored: StoredEvent): EventEnvelope | null {
  const event = { type: stored.type, data: stored.data } as MessagingEvent;
  const envelope = (type: string, version: number, data: unknown) => ({ ...toEnvelope(stored), type, version, data });
  const at = stored.occurredAt.toISOString();
  switch (event.type) {
    case 'ChannelCreated': {
      const { channelId, name, type, creatorId } = event.data;
      return envelope(ChannelCreated.type, ChannelCreated.version, { channelId, name, type, creatorId });
    }
    case 'MemberJoined': {
      const { channelId, userId, memberCount } = event.data;
      return envelope(ChannelMemberJoined.type, ChannelMemberJoined.version, { channelId, userId, memberCount });
    }
    case 'JoinLinkGenerated':
      return null;
    case 'MessagePosted': {
      const { channelId, messageId, sequence, messageCount, sender, content, clientId } = event.data;
      const message = channelMessage({ id: messageId, channelId, sequence, sender: authorOf(sender), content, clientId, createdAt: at });
      return envelope(ChannelMessagePosted.type, ChannelMessagePosted.version, { channelId, message, messageCount, lastActivity: at });
    }
    case 'ChatCreated': {
      const { chatId, participantIds, gigId, createdBy } = event.data;
      return envelope(ChatCreated.type, ChatCreated.version, { chatId, participantIds, gigId, createdBy });
    }
    case 'ChatMessagePosted': {
      const { chatId, participantIds, messageId, sequence, sender, content, clientId } = event.data;
      const message = chatMessage({ id: messageId, chatId, sequence, sender: authorOf(sender), content, clientId, createdAt: at });
      return envelope(ChatMessagePosted.type, ChatMessagePosted.version, { chatId, participantIds, message });
    }
    case 'ConversationRead':
      return envelope(ConversationRead.type, ConversationRead.version, event.data);
    default: {
      const never: never = event;
      return never;
    }
  }
}
