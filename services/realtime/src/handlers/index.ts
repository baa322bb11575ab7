import type { RealtimeSocket } from '../types.ts';
import { type Ack, fail, type HandlerContext, type SocketHandler } from './context.ts';
import { joinChannel } from './joinChannel.ts';
import { joinChannels } from './joinChannels.ts';
import { joinChat } from './joinChat.ts';
import { leaveChannel } from './leaveChannel.ts';
import { sendMessage } from './sendMessage.ts';

/** Every client → server event the realtime tier answers (spec 002 §7). */
export const SOCKET_HANDLERS: readonly SocketHandler[] = [joinChannels, joinChannel, leaveChannel, sendMessage, joinChat];

export type { HandlerContext } from './context.ts';

/** Registers the handlers on an authenticated socket. A payload may be omitted: `emit('join-channels', ack)`. */
export function registerHandlers(ctx: HandlerContext, socket: RealtimeSocket) {
  for (const handler of SOCKET_HANDLERS) {
    socket.on(handler.event, (...args: unknown[]) => {
      const last = args.at(-1);
      const ack = typeof last === 'function' ? (last as Ack) : undefined;
      const payload = typeof args[0] === 'function' ? undefined : args[0];
      handler.handle(ctx, socket, payload, ack).catch((error: unknown) => {
        ctx.log.error({ err: error, event: handler.event, userId: socket.data.userId }, 'socket handler failed');
        fail(socket, ack, 'Something went wrong');
      });
    });
  }
}
