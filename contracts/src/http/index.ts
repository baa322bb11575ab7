import { byService, SERVICE_MANIFEST, type ServiceName } from '../services.ts';
import { bffRoutes } from './bff.ts';
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
export * from './orders.ts';
export * from './route.ts';
export * from './url.ts';
export * from './webhooks.ts';

/** Each owner's route table: the gateway's own, then every service's from the manifest. */
const ROUTE_TABLES: Record<'gateway' | ServiceName, Readonly<Record<string, RouteContract>>> = {
  gateway: bffRoutes,
  ...byService((name) => SERVICE_MANIFEST[name].routes),
};

/** Every public call, by owner (a service, or the gateway itself): the gateway routes, documents and guards from this list. */
export const SERVICE_ROUTES: Readonly<Record<'gateway' | ServiceName, readonly RouteContract[]>> = {
  gateway: Object.values(bffRoutes),
  ...byService((name) => Object.values<RouteContract>(SERVICE_MANIFEST[name].routes)),
};

/** The path prefixes each service owns; the gateway proxies them there. */
export const SERVICE_PREFIXES: Readonly<Record<ServiceName, readonly string[]>> = byService((name) => SERVICE_MANIFEST[name].prefixes);

/**
 * Every public call under its operation id: its owner and the name it has in the owner's route
 * table (`messagingJoinLink`, `eventsList`), unique across the API.
 */
export const API_OPERATIONS: readonly { operationId: string; route: RouteContract }[] = Object.entries(ROUTE_TABLES).flatMap(
  ([owner, table]) =>
    Object.entries(table).map(([name, route]) => ({ operationId: `${owner}${name.charAt(0).toUpperCase()}${name.slice(1)}`, route })),
);
