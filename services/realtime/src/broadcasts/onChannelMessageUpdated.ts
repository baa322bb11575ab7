import { type ChannelMessage, ChannelMessageUpdated, SOCKET_EVENTS } from '@commonwork/contracts';
import { rooms } from '../rooms.ts';
import type { RealtimeServer } from '../types.ts';
import { defineBroadcast } from './broadcast.ts';
import type { ChangeFrame } from './changeBatches.ts';

/**
 * A channel message was edited, deleted or reacted to: staged with the channel's other changes
 * (`ChangeBatches`), which go to the channel's room in revision order, each once, at most a few
 * frames a second: one change alone as `message-updated` (the whole message), several as
 * `messages-updated`. A client that was away asks messaging for
 * `GET /api/chat/channels/{id}/messages?changedAfter=<highest revision seen>`.
 */
export const onChannelMessageUpdated = defineBroadcast(ChannelMessageUpdated, async (ctx, { channelId, message }) => {
  ctx.channelChanges.add(channelId, message.revision, message);
});

/** One frame of a channel's changes to its room: each changed message once, in its newest state, in revision order. */
export function emitChannelChanges(io: RealtimeServer, { conversation, after, revision, payloads }: ChangeFrame): void {
  const room = io.to(rooms.channel(conversation));
  const newest = new Map<string, ChannelMessage>();
  for (const payload of payloads) {
    const message = JSON.parse(payload) as ChannelMessage;
    newest.delete(message.id);
    newest.set(message.id, message);
  }
  const messages = [...newest.values()];
  if (payloads.length === 1 && messages[0]) room.emit(SOCKET_EVENTS.messageUpdated, messages[0]);
  else room.emit(SOCKET_EVENTS.messagesUpdated, { channelId: conversation, after, revision, messages });
}
