import { messagingRoutes } from '@commonwork/contracts';
import { registerRoute, type ServiceContext } from '@commonwork/kit';
import type { MessagingTables } from '../tables.ts';
import { ChatNotFound } from './decide.ts';

/**
 * `GET /api/chat/:chatId/access`: the participants, to a participant only (404 alike for a chat
 * that does not exist and someone else's). The realtime tier asks it, with the person's own token,
 * before relaying their typing to the other participant: chats have no room to check.
 */
export function registerChatAccessRoute({ app, verifier, db }: ServiceContext<MessagingTables>) {
  registerRoute(app, verifier, messagingRoutes.chatAccess, async ({ params, caller }) => {
    const row = await db.selectFrom('chats').select(['participant_a', 'participant_b']).where('id', '=', params.chatId).executeTakeFirst();
    if (!row || (row.participant_a !== caller.sub && row.participant_b !== caller.sub)) throw ChatNotFound();
    return { success: true as const, data: { participantIds: [row.participant_a, row.participant_b] } };
  });
}
