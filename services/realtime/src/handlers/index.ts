import type { RealtimeSocket } from '../types.ts';
import type { HandlerContext, SocketHandler } from './context.ts';
import { joinChannel } from './joinChannel.ts';
import { joinChannels } from './joinChannels.ts';
import { leaveChannel } from './leaveChannel.ts';
import { sendMessage } from './sendMessage.ts';
import { typing } from './typing.ts';

/** Every client → server event the realtime tier answers (spec 002 §7). */
export const SOCKET_HANDLERS: readonly SocketHandler[] = [joinChannels, joinChannel, leaveChannel, sendMessage, typing];

export type { HandlerContext } from './context.ts';

/** Registers the handlers on an authenticated socket. */
export function registerHandlers(ctx: HandlerContext, socket: RealtimeSocket) {
  for (const handler of SOCKET_HANDLERS) handler.listen(ctx, socket);
}
