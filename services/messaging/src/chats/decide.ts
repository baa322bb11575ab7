import { type Attachment, SYSTEM_SENDER, type SystemLine } from '@commonwork/contracts';
import { createError, type Decider } from '@commonwork/kit';
import type { PersonCard } from '../tables.ts';
import { type ChatEvent, type ChatState, initialChatState } from './chat.ts';

export const ChatNotFound = createError('CHAT_NOT_FOUND', 'Chat not found', 404);

export type ChatCommand =
  | { type: 'StartChat'; chatId: string; actorId: string; recipientId: string; gigId: string }
  | {
      type: 'PostChatMessage';
      actor: PersonCard;
      messageId: string;
      content: string;
      clientId: string | null;
      /** Uploads of the sender's, already checked as theirs (the kit's `attachmentsOf`). */
      attachments?: Attachment[];
    }
  | {
      /** An order's step in its buyer and seller's conversation about the gig, which it starts when there is none yet. */
      type: 'PostSystemLine';
      chatId: string;
      buyerId: string;
      sellerId: string;
      gigId: string;
      messageId: string;
      content: string;
      system: SystemLine;
    };

export function evolve(state: ChatState, event: ChatEvent): ChatState {
  switch (event.type) {
    case 'ChatCreated':
      return { ...state, exists: true, chatId: event.data.chatId, participantIds: event.data.participantIds };
    case 'ChatMessagePosted':
      return { ...state, lastSequence: event.data.sequence };
    default: {
      const never: never = event;
      return never;
    }
  }
}

export function decide(command: ChatCommand, state: ChatState): ChatEvent[] {
  switch (command.type) {
    case 'StartChat':
      if (state.exists) return [];
      return [
        {
          type: 'ChatCreated',
          data: {
            chatId: command.chatId,
            participantIds: [command.actorId, command.recipientId],
            gigId: command.gigId,
            createdBy: command.actorId,
          },
        },
      ];
    case 'PostChatMessage': {
      // Someone else's chat is not found: its ids derive from public ids, so a 403 would tell it exists.
      if (!state.exists || !state.participantIds?.includes(command.actor.userId)) throw ChatNotFound();
      return [
        {
          type: 'ChatMessagePosted',
          data: {
            chatId: state.chatId,
            participantIds: state.participantIds,
            messageId: command.messageId,
            sequence: state.lastSequence + 1,
            sender: command.actor,
            content: command.content,
            clientId: command.clientId,
            ...(command.attachments?.length ? { attachments: command.attachments } : {}),
          },
        },
      ];
    }
    case 'PostSystemLine': {
      const { chatId, buyerId, sellerId, gigId } = command;
      const participantIds = state.participantIds ?? [buyerId, sellerId];
      const started: ChatEvent[] = state.exists
        ? []
        : [{ type: 'ChatCreated', data: { chatId, participantIds: [buyerId, sellerId], gigId, createdBy: buyerId } }];
      return [
        ...started,
        {
          type: 'ChatMessagePosted',
          data: {
            chatId,
            participantIds,
            messageId: command.messageId,
            sequence: state.lastSequence + 1,
            sender: { userId: SYSTEM_SENDER.id, name: SYSTEM_SENDER.name, email: '', picture: SYSTEM_SENDER.picture },
            content: command.content,
            clientId: null,
            system: command.system,
          },
        },
      ];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const chatDecider: Decider<ChatState, ChatCommand, ChatEvent> = { initialState: initialChatState, evolve, decide };
