import { messagingRoutes } from '@commonwork/contracts';
import { registerRoute, type ServiceContext } from '@commonwork/kit';
import { type MessagingTables, personCard } from '../tables.ts';

/** `GET /api/chat/me`: the caller as their messages name them; the realtime tier's source for who is typing. */
export function registerSenderCardRoute({ app, verifier, db }: ServiceContext<MessagingTables>) {
  registerRoute(app, verifier, messagingRoutes.senderCard, async ({ caller }) => {
    const { userId, name, picture } = await personCard(db, caller.sub);
    return { success: true as const, data: { userId, name, picture } };
  });
}
