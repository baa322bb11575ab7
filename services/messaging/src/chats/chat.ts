import { createHash } from 'node:crypto';

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
export function chatIdFor(a: string, b: string, gigId: string): string {
  const hash = createHash('sha1')
    .update(`commonwork-chat:${[a, b].sort().join(':')}:${gigId}`)
    .digest('hex');
  const variant = ((Number.parseInt(hash.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hash.slice(0, 8)}-${hash.slice(8, 12)}-5${hash.slice(13, 16)}-${variant}${hash.slice(18, 20)}-${hash.slice(20, 32)}`;
}
