// The wire shapes of a message, each made by one builder; kept apart from the catalog (plain lists and
// limits) and from the schemas, which the builders' types come from.
import type { ChannelMessage, ChatMessage, MessageApp, MessageChanges, MessageFields, SystemLine } from './messaging.ts';

/** A message's later state on the wire: as posted, unless changes say otherwise. */
function stateOf(input: MessageChanges & { createdAt: string }) {
  return {
    updatedAt: input.updatedAt ?? input.createdAt,
    attachments: input.attachments ?? [],
    mentions: input.mentions ?? [],
    reactions: input.reactions ?? [],
    isEdited: input.isEdited ?? false,
    deleted: input.deleted ?? false,
    revision: input.revision ?? 0,
  };
}

/**
 * The one builder of the channel message wire shape: the REST answers, the `message_posted` event
 * (so `new-message`) and the web's optimistic copy all come from it, so they cannot drift apart.
 * The sender is `offline` and has no email on every copy: presence is the realtime tier's
 * (`user-status-updated` corrects it live), and a broadcast goes to every reader at once, so it
 * cannot carry what only some viewers may see.
 */
export function channelMessage(input: MessageFields & { channelId: string; app?: MessageApp | null }): ChannelMessage {
  const { sender } = input;
  return {
    _id: input.id,
    id: input.id,
    content: input.content,
    sender: { _id: sender.id, name: sender.name, email: '', profilePicture: sender.picture, picture: sender.picture, status: 'offline' },
    channel: input.channelId,
    sequence: input.sequence,
    clientId: input.clientId,
    createdAt: input.createdAt,
    type: 'text',
    app: input.app ?? null,
    ...stateOf(input),
  };
}

/**
 * The one builder of the chat message wire shape, for the REST answers and the `message_posted`
 * event alike. No email: people reach each other in the inbox, not by mail (as `Chat` participants).
 */
export function chatMessage(input: MessageFields & { chatId: string; system?: SystemLine | null }): ChatMessage {
  const { sender } = input;
  return {
    _id: input.id,
    id: input.id,
    chatId: input.chatId,
    content: input.content,
    sender: { _id: sender.id, name: sender.name, picture: sender.picture, email: '' },
    sequence: input.sequence,
    clientId: input.clientId,
    createdAt: input.createdAt,
    system: input.system ?? null,
    ...stateOf(input),
  };
}

/**
 * A message in one line, where a list or a notification previews it: its text, or, for a message of
 * attachments only, their names.
 */
export function messagePreview(message: { content: string; attachments?: readonly { name: string }[] }): string {
  return message.content || (message.attachments ?? []).map((a) => a.name).join(', ');
}
