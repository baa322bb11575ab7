import {
  type ChannelMessage,
  ChannelMessageUpdated,
  type MessageChange,
  type MessageChangeKind,
  type MessagesUpdatedPayload,
  messageChangeOf,
  SOCKET_EVENTS,
} from '@commonwork/contracts';
import { rooms } from '../rooms.ts';
import type { RealtimeServer } from '../types.ts';
import { defineBroadcast } from './broadcast.ts';
import type { ChangeFrame } from './changeBatches.ts';

/** What is staged per change: the whole message (a frame of one change sends it) and only what changed (a frame of several sends that). */
interface StagedChange {
  message: ChannelMessage;
  change: MessageChange;
}

/**
 * A channel message was edited, deleted or reacted to: staged with the channel's other changes
 * (`ChangeBatches`), which go to the channel's room in revision order, each once, at most a few
 * frames a second: one change alone as `message-updated` (the whole message, as the spec's clients
 * expect), several as `messages-updated`, each change only what it changed. A client that was away
 * asks messaging for `GET /api/chat/channels/{id}/messages?changedAfter=<highest revision seen>`.
 */
export const onChannelMessageUpdated = defineBroadcast(ChannelMessageUpdated, async (ctx, data) => {
  ctx.channelChanges.add(data.channelId, data.message.revision, stagedChange(data));
});

/** What a `message_updated` event stages for its channel's next frame. */
export function stagedChange({ message, change }: { message: ChannelMessage; change?: MessageChangeKind | undefined }): StagedChange {
  return { message, change: messageChangeOf(message, change) };
}

/** A staged change; one staged by a replica of the version before (a whole message alone) is sent whole. */
function readStaged(payload: string): StagedChange {
  const staged = JSON.parse(payload) as StagedChange | ChannelMessage;
  return 'change' in staged ? staged : { message: staged, change: { message: staged } };
}

/**
 * What a frame of a channel's changes sends: its one change as the whole message, or every change
 * in revision order, each only what it changed (a reaction with the 50 people who gave it would
 * otherwise send all 50 to every socket of the room, at each new one).
 */
export function channelChangesPayload({ conversation, after, revision, payloads }: ChangeFrame) {
  const staged = payloads.map(readStaged);
  const [only] = staged;
  if (staged.length === 1 && only) return { event: SOCKET_EVENTS.messageUpdated, payload: only.message } as const;
  const frame: MessagesUpdatedPayload = { channelId: conversation, after, revision, changes: staged.map((s) => s.change) };
  return { event: SOCKET_EVENTS.messagesUpdated, payload: frame } as const;
}

/** One frame of a channel's changes to its room. */
export function emitChannelChanges(io: RealtimeServer, frame: ChangeFrame): void {
  const room = io.to(rooms.channel(frame.conversation));
  const sent = channelChangesPayload(frame);
  if (sent.event === SOCKET_EVENTS.messageUpdated) room.emit(sent.event, sent.payload);
  else room.emit(sent.event, sent.payload);
}
