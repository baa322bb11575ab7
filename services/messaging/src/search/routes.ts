import { messagingRoutes } from '@commonwork/contracts';
import { registerRoute, type ServiceContext } from '@commonwork/kit';
import { assertReadable } from '../channels/access.ts';
import type { MessagingTables } from '../tables.ts';
import { searchMessages } from './searchMessages.ts';

/**
 * `GET /api/chat/search`: the messages a person may read that hold the words. Narrowed to a
 * channel they may not read, it is a 404, as that channel is everywhere else.
 */
export function registerSearchRoutes({ app, verifier, db }: ServiceContext<MessagingTables>) {
  registerRoute(app, verifier, messagingRoutes.searchMessages, async ({ query, caller }) => {
    if (query.channelId) await assertReadable(db, query.channelId, caller.sub);
    const data = await searchMessages(db, { callerId: caller.sub, channelId: query.channelId }, query);
    return { success: true as const, data };
  });
}
