import type { ServiceDefinition } from '@commonwork/kit';
import { registerChannelAccessRoutes } from './channels/accessRoutes.ts';
import { registerChannelRoutes } from './channels/routes.ts';
import { registerChatRoutes } from './chats/routes.ts';
import { subscriptions } from './handlers/index.ts';
import { migrations } from './migrations.ts';
import { publishMessagingEvent } from './publish.ts';

/** The messaging service: community channels, join links, gig conversations and read positions. */
export function messagingService(): ServiceDefinition {
  return {
    name: 'messaging',
    migrations,
    publishMap: publishMessagingEvent,
    register: (ctx) => {
      registerChannelRoutes(ctx);
      registerChannelAccessRoutes(ctx);
      registerChatRoutes(ctx);
    },
    consumers: () => subscriptions.map((s) => ({ ...s, handlers: [...s.handlers] })),
  };
}
