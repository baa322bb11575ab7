import {
  ChannelCreated,
  ChannelMarked,
  ChannelMemberJoined,
  ChannelMemberLeft,
  ChannelMessagePosted,
  ChannelMessageUpdated,
  ChatCreated,
  ChatMessagePosted,
  ChatMessageUpdated,
  ConversationRead,
  channelMessage,
  chatMessage,
  type MessageChangeKind,
} from '@commonwork/contracts';
import { publishAs, type StoredEvent } from '@commonwork/kit';
import type { ChannelMarkEvent } from './channelMarks/marks.ts';
import type { ChannelEvent } from './channels/channel.ts';
import type { ChatEvent } from './chats/chat.ts';
import type { IncomingHookEvent } from './incomingHooks/hook.ts';
import type { MessageEvent } from './messages/message.ts';
import type { ReadEvent } from './reads/read.ts';

/** Every event messaging stores. */
export type MessagingEvent = ChannelEvent | ChatEvent | ReadEvent | ChannelMarkEvent | MessageEvent | IncomingHookEvent;

const authorOf = (s: { userId: string; name: string; picture: string }) => ({ id: s.userId, name: s.name, picture: s.picture });

/** What a message change was, for the realtime tier to send only that to a busy room. */
function changeKindOf(stored: StoredEvent<MessageEvent>): MessageChangeKind {
  switch (stored.type) {
    case 'MessageEdited':
      return { kind: 'edited' };
    case 'MessageDeleted':
      return { kind: 'deleted' };
    case 'ReactionAdded':
    case 'ReactionRemoved': {
      const { emoji, userId } = stored.data;
      return { kind: 'reaction', emoji, userId, added: stored.type === 'ReactionAdded' };
    }
  }
}

/**
 * Chooses what messaging publishes. Join links are secrets and stay private; everything else
 * carries what the realtime tier needs to emit without calling back.
 */
export function publishMessagingEvent(stored: StoredEvent<MessagingEvent>) {
  const at = stored.occurredAt.toISOString();
  switch (stored.type) {
    case 'ChannelCreated': {
      const { channelId, name, type, creatorId, eventId } = stored.data;
      return publishAs(ChannelCreated, stored, { channelId, name, type, creatorId, ...(eventId && { eventId }) });
    }
    case 'MemberJoined': {
      const { channelId, userId, memberCount, via } = stored.data;
      return publishAs(ChannelMemberJoined, stored, { channelId, userId, memberCount, via });
    }
    case 'MemberLeft': {
      const { channelId, userId, memberCount } = stored.data;
      return publishAs(ChannelMemberLeft, stored, { channelId, userId, memberCount });
    }
    case 'JoinLinkGenerated':
    // An incoming webhook's token hash is a secret's; its posts go out as messages.
    case 'IncomingHookCreated':
    case 'IncomingHookRevoked':
      return null;
    case 'MessagePosted': {
      const { channelId, messageId, sequence, messageCount, sender, content, clientId, mentions, attachments, app } = stored.data;
      const message = channelMessage({
        id: messageId,
        channelId,
        sequence,
        sender: authorOf(sender),
        content,
        clientId,
        createdAt: at,
        mentions,
        attachments,
        app: app ?? null,
      });
      return publishAs(ChannelMessagePosted, stored, { channelId, message, messageCount, lastActivity: at });
    }
    case 'ChatCreated': {
      const { chatId, participantIds, gigId, createdBy } = stored.data;
      return publishAs(ChatCreated, stored, { chatId, participantIds, gigId, createdBy });
    }
    case 'ChatMessagePosted': {
      const { chatId, participantIds, messageId, sequence, sender, content, clientId, attachments, system } = stored.data;
      const message = chatMessage({
        id: messageId,
        chatId,
        sequence,
        sender: authorOf(sender),
        content,
        clientId,
        createdAt: at,
        attachments,
        system,
      });
      return publishAs(ChatMessagePosted, stored, { chatId, participantIds, message });
    }
    case 'ConversationRead':
      return publishAs(ConversationRead, stored, stored.data);
    // Every change of a message goes out as the whole message, as it now is; a channel's says what changed too.
    case 'MessageEdited':
    case 'MessageDeleted':
    case 'ReactionAdded':
    case 'ReactionRemoved': {
      const { data } = stored;
      return data.kind === 'channel'
        ? publishAs(ChannelMessageUpdated, stored, { channelId: data.channelId, message: data.message, change: changeKindOf(stored) })
        : publishAs(ChatMessageUpdated, stored, { chatId: data.chatId, participantIds: data.participantIds, message: data.message });
    }
    case 'ChannelPinned':
    case 'ChannelUnpinned':
    case 'ChannelStarred':
    case 'ChannelUnstarred': {
      const { userId, channelId, pinned, starred } = stored.data;
      return publishAs(ChannelMarked, stored, { userId, channelId, isPinned: pinned, isStarred: starred });
    }
    default: {
      const never: never = stored;
      return never;
    }
  }
}
