import { messagingRoutes } from '@commonwork/contracts';
import { registerRoute, type ServiceContext } from '@commonwork/kit';
import type { MessagingTables } from '../tables.ts';
import { assertReadable } from './access.ts';

/**
 * `GET /api/chat/channels/:id/access`: the read check on its own, for the realtime tier before it
 * puts a socket in a channel's room (with the person's own token, so messaging stays the authority).
 */
export function registerChannelAccessRoutes({ app, verifier, db }: ServiceContext<MessagingTables>) {
  registerRoute(app, verifier, messagingRoutes.channelAccess, async ({ params, caller }) => {
    await assertReadable(db, params.id, caller.sub);
    return { success: true as const, data: { readable: true as const } };
  });
}
