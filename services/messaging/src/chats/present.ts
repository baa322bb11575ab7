import { type Chat, type ChatMessage, chatMessage, SYSTEM_SENDER } from '@commonwork/contracts';
import { changesOf } from '../messages/changes.ts';
import type { ChatMessageRow, MessagingTables, PersonCard } from '../tables.ts';

type ChatRow = MessagingTables['chats'];

/**
 * A conversation as the inbox reads it, for one viewer. The other participant's email is not
 * shown: people reach each other here, not by mail.
 */
export function presentChat(row: ChatRow, people: Map<string, PersonCard>, gigTitle: string, viewerId: string, readSequence: number): Chat {
  const participant = (id: string) => {
    const p = people.get(id);
    return { _id: id, name: p?.name ?? 'Member', picture: p?.picture ?? '', email: id === viewerId ? (p?.email ?? '') : '' };
  };
  return {
    _id: row.id,
    id: row.id,
    participants: [participant(row.participant_a), participant(row.participant_b)],
    type: 'gig_interest',
    gigId: { _id: row.gig_id, title: gigTitle },
    lastMessage:
      row.last_message !== null && row.last_sender_id
        ? { content: row.last_message, sender: { _id: row.last_sender_id }, createdAt: new Date(row.last_activity).toISOString() }
        : null,
    lastActivity: new Date(row.last_activity).toISOString(),
    unreadCount: Math.max(0, row.last_sequence - readSequence),
    lastSequence: row.last_sequence,
    readSequence,
  };
}

/** A stored chat message on the wire: the contract's one builder, so REST and the socket agree. */
export function presentChatMessage(row: ChatMessageRow, sender: PersonCard | undefined): ChatMessage {
  return chatMessage({
    id: row.id,
    chatId: row.chat_id,
    sequence: row.sequence,
    // A system line's sender is nobody among the people.
    sender: row.system ? SYSTEM_SENDER : { id: row.sender_id, name: sender?.name ?? 'Member', picture: sender?.picture ?? '' },
    content: row.content,
    clientId: row.client_id,
    createdAt: new Date(row.created_at).toISOString(),
    system: row.system,
    ...changesOf(row),
  });
}
