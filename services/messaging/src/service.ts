import type { ServiceDefinition } from '@commonwork/kit';
import { registerChannelMarkRoutes } from './channelMarks/routes.ts';
import { registerChannelAccessRoutes } from './channels/accessRoutes.ts';
import { registerChannelRoutes } from './channels/routes.ts';
import { registerChatAccessRoute } from './chats/accessRoute.ts';
import { registerChatRoutes } from './chats/routes.ts';
import type { MessagingConfig } from './config.ts';
import { subscriptions } from './handlers/index.ts';
import { registerIncomingHookRoutes } from './incomingHooks/routes.ts';
import { registerMessageRoutes } from './messages/routes.ts';
import { migrations } from './migrations.ts';
import { registerSystemLineGuard } from './orderThreads/guard.ts';
import { registerSenderCardRoute } from './people/senderCardRoute.ts';
import { exportMessagingPerson } from './personalData/export.ts';
import { messagingForgetting } from './personalData/forget.ts';
import { type MessagingEvent, publishMessagingEvent } from './publish.ts';
import { registerUnreadRoute } from './reads/unreadTotals.ts';
import { registerSearchRoutes } from './search/routes.ts';
import type { MessagingTables } from './tables.ts';

/** The messaging service: community channels, join links, gig conversations and read positions. */
export function messagingService(
  config: Pick<MessagingConfig, 'CHANNEL_SEND_QUEUE'> & Partial<Pick<MessagingConfig, 'ADMIN_EMAILS'>>,
): ServiceDefinition<MessagingTables, MessagingEvent> {
  return {
    name: 'messaging',
    migrations,
    publish: publishMessagingEvent,
    register: (ctx) => {
      registerChannelRoutes(ctx, config);
      registerChannelAccessRoutes(ctx);
      registerChannelMarkRoutes(ctx);
      registerSenderCardRoute(ctx);
      registerUnreadRoute(ctx);
      registerSearchRoutes(ctx);
      registerChatRoutes(ctx);
      registerChatAccessRoute(ctx);
      registerSystemLineGuard(ctx);
      registerMessageRoutes(ctx);
      registerIncomingHookRoutes(ctx, { CHANNEL_SEND_QUEUE: config.CHANNEL_SEND_QUEUE, adminEmails: config.ADMIN_EMAILS ?? [] });
    },
    subscriptions,
    exportPerson: exportMessagingPerson,
    forget: messagingForgetting,
  };
}
