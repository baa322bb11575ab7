import { bffRoutes } from './bff.ts';
import { draftsRoutes } from './drafts.ts';
import { eventsRoutes } from './events.ts';
import { identityRoutes } from './identity.ts';
import { marketplaceRoutes } from './marketplace.ts';
import { mediaRoutes } from './media.ts';
import { messagingRoutes } from './messaging.ts';
import { notificationsRoutes } from './notifications.ts';
import type { RouteContract } from './route.ts';

export * from './bff.ts';
export * from './client.ts';
export * from './drafts.ts';
export * from './events.ts';
export * from './identity.ts';
export * from './marketplace.ts';
export * from './media.ts';
export * from './messaging.ts';
export * from './notifications.ts';
export * from './route.ts';
export * from './url.ts';

/** Every public call, by owner (a service, or the gateway itself): the gateway routes, documents and guards from this list. */
export const SERVICE_ROUTES: Record<string, readonly RouteContract[]> = {
  gateway: Object.values(bffRoutes),
  identity: Object.values(identityRoutes),
  marketplace: Object.values(marketplaceRoutes),
  messaging: Object.values(messagingRoutes),
  events: Object.values(eventsRoutes),
  media: Object.values(mediaRoutes),
  notifications: Object.values(notificationsRoutes),
  drafts: Object.values(draftsRoutes),
};

/** The path prefixes each service owns; the gateway proxies them there. */
export const SERVICE_PREFIXES: Record<string, readonly string[]> = {
  identity: ['/api/auth', '/api/users', '/api/platform'],
  marketplace: ['/api/gigs', '/api/ai'],
  messaging: ['/api/chat'],
  events: ['/api/events'],
  media: ['/api/upload', '/api/media'],
  notifications: ['/api/notifications'],
  drafts: ['/api/drafts'],
};

/**
 * Every public call under its operation id: its owner and the name it has in the owner's route
 * table (`messagingJoinLink`, `eventsList`), unique across the API.
 */
export const API_OPERATIONS: readonly { operationId: string; route: RouteContract }[] = Object.entries({
  gateway: bffRoutes,
  identity: identityRoutes,
  marketplace: marketplaceRoutes,
  messaging: messagingRoutes,
  events: eventsRoutes,
  media: mediaRoutes,
  notifications: notificationsRoutes,
  drafts: draftsRoutes,
} satisfies Record<string, Record<string, RouteContract>>).flatMap(([owner, table]) =>
  Object.entries(table).map(([name, route]) => ({ operationId: `${owner}${name.charAt(0).toUpperCase()}${name.slice(1)}`, route })),
);
