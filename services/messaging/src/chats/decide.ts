import type { Attachment } from '@commonwork/contracts';
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
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const chatDecider: Decider<ChatState, ChatCommand, ChatEvent> = { initialState: initialChatState, evolve, decide };
