import type { Attachment, SystemLine } from '@commonwork/contracts';
import { nameBasedId } from '@commonwork/kit';

/** The chat aggregate's stored events. */
export type ChatEvent =
  | { type: 'ChatCreated'; data: { chatId: string; participantIds: [string, string]; gigId: string; createdBy: string } }
  | {
      type: 'ChatMessagePosted';
      data: {
        chatId: string;
        participantIds: [string, string];
        messageId: string;
        sequence: number;
        sender: { userId: string; name: string; email: string; picture: string };
        content: string;
        clientId: string | null;
        /** The sender's uploads sent with it, as checked when it was posted, when any. */
        attachments?: Attachment[];
        /** A line of the platform's (an order's step), from `SYSTEM_SENDER`; absent on a person's message. */
        system?: SystemLine;
      };
    };

export interface ChatState {
  exists: boolean;
  chatId: string;
  participantIds: [string, string] | null;
  lastSequence: number;
}

export const initialChatState = (): ChatState => ({ exists: false, chatId: '', participantIds: null, lastSequence: 0 });

/**
 * The one chat for a pair of people and a gig has a fixed id (a name-based UUID), so two "create"
 * calls racing each other land on the same stream and the second finds the first.
 */
export const chatIdFor = (a: string, b: string, gigId: string) => nameBasedId(`commonwork-chat:${[a, b].sort().join(':')}:${gigId}`);
