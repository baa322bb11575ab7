import { type NewMessagesPayload, SOCKET_EVENTS } from '@commonwork/contracts';
import { rooms } from '../rooms.ts';
import type { RealtimeServer, RealtimeSocket } from '../types.ts';

/** Every socket is in one of these two rooms, by its handshake: a run reaches each as it can read it. */
const RUN_READERS = 'readers:message-runs';
const SINGLE_READERS = 'readers:single-messages';

/**
 * Puts a new socket among the readers of runs when its handshake asked for them (`auth.messageRuns`,
 * as the web app does); any other client (the spec's, a script with a personal token) keeps getting
 * one `new-message` per message.
 */
export function placeMessageReader(socket: RealtimeSocket): void {
  void socket.join(socket.handshake.auth?.messageRuns === true ? RUN_READERS : SINGLE_READERS);
}

/**
 * Sends a run of a channel's consecutive messages (in sequence order) to its room on every replica.
 * One message goes as `new-message` through the adapter, as always. Several go as one message between
 * replicas (on the adapter's publishing connection, so after what it published before, which the
 * ordering gate relies on) and each replica writes its own sockets (`deliverRunHere`).
 */
export function emitMessageRun(io: RealtimeServer, run: NewMessagesPayload): void {
  const [only, ...more] = run.messages;
  if (!only) return;
  if (more.length === 0) {
    io.to(rooms.channel(run.channelId)).emit(SOCKET_EVENTS.newMessage, only);
    return;
  }
  io.serverSideEmit('message-run', run);
  deliverRunHere(io, run);
}

/**
 * This replica's sockets of the channel: a reader of runs gets one packet (`new-messages`), one
 * write; any other a `new-message` per message, written in one block, so engine.io hands the ones
 * after the first over together and they leave in one more write (socketWrites.ts).
 */
function deliverRunHere(io: RealtimeServer, run: NewMessagesPayload): void {
  const room = rooms.channel(run.channelId);
  io.local.to(room).except(SINGLE_READERS).emit(SOCKET_EVENTS.newMessages, run);
  if (!io.of('/').adapter.rooms.get(SINGLE_READERS)?.size) return;
  const singles = io.local.to(room).except(RUN_READERS);
  for (const message of run.messages) singles.emit(SOCKET_EVENTS.newMessage, message);
}

/** Writes the runs other replicas emit to this replica's sockets. */
export function receiveMessageRuns(io: RealtimeServer): void {
  io.on('message-run', (run) => deliverRunHere(io, run));
}
