import { messagingRoutes, SYSTEM_LINE_UNCHANGEABLE } from '@commonwork/contracts';
import { createError, type ServiceContext } from '@commonwork/kit';
import type { MessagingTables } from '../tables.ts';

export const SystemLineUnchangeable = createError('SYSTEM_LINE', SYSTEM_LINE_UNCHANGEABLE, 409);

const CHANGES = [
  messagingRoutes.editChatMessage,
  messagingRoutes.deleteChatMessage,
  messagingRoutes.addChatReaction,
  messagingRoutes.removeChatReaction,
];
const changes = new Set(CHANGES.map((route) => `${route.method} ${route.url}`));

/**
 * Refuses every change of an order's line in a conversation (409): it records a step of the order,
 * which the order's page keeps too, and is nobody's message to take back. Checked before the message
 * routes run (messages/ decides on what people wrote), after they authenticated and validated the
 * call; a line of a conversation the caller is not in is left to them to answer 404.
 */
export function registerSystemLineGuard(ctx: ServiceContext<MessagingTables>) {
  const { app, db } = ctx;
  app.addHook('preHandler', async (request) => {
    if (!changes.has(`${request.method} ${request.routeOptions.url}`) || !request.caller) return;
    const { chatId, messageId } = request.params as { chatId: string; messageId: string };
    const userId = request.caller.sub;
    const line = await db
      .selectFrom('chat_messages as m')
      .innerJoin('chats as c', 'c.id', 'm.chat_id')
      .select('m.system')
      .where('m.id', '=', messageId)
      .where('m.chat_id', '=', chatId)
      .where((eb) => eb.or([eb('c.participant_a', '=', userId), eb('c.participant_b', '=', userId)]))
      .executeTakeFirst();
    if (line?.system) throw SystemLineUnchangeable();
  });
}
