import { z } from 'zod';
import { ChannelMessage } from './messaging.ts';

/**
 * What a message change was, as messaging's `…message_updated` events say it beside the whole
 * message: the realtime tier sends a busy room only this part (`messages-updated`), not the message.
 * Events published before it lack it; they are read as "some change" and the whole message is sent.
 */
export const MessageChangeKind = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('edited') }),
  z.object({ kind: z.literal('deleted') }),
  z.object({ kind: z.literal('reaction'), emoji: z.string(), userId: z.uuid(), added: z.boolean() }),
]);
export type MessageChangeKind = z.infer<typeof MessageChangeKind>;

/**
 * One change in a `messages-updated` frame, only what changed in message `id`; `at` is its new
 * `updatedAt`. A reaction given or taken back, an edit's new text and mentions, or a deletion (a
 * tombstone); a change of unknown kind carries the whole message. Its revision is not repeated: it is
 * its place in the frame (the first change is `after + 1`).
 */
export const MessageChange = z.union([
  z.object({
    id: z.uuid(),
    at: z.string(),
    reaction: z.object({ emoji: z.string(), userId: z.uuid(), added: z.boolean() }),
  }),
  z.object({ id: z.uuid(), at: z.string(), content: z.string(), mentions: z.array(z.string()) }),
  z.object({ id: z.uuid(), at: z.string(), deleted: z.literal(true) }),
  z.object({ message: ChannelMessage }),
]);
export type MessageChange = z.infer<typeof MessageChange>;
