import type { ServiceName } from '@commonwork/contracts';
import { projections as draftsProjections, draftsService } from '@commonwork/drafts';
import { EventsConfig, projections as eventsProjections, eventsService } from '@commonwork/events';
import { IdentityConfig, projections as identityProjections, identityService, type KeyStore } from '@commonwork/identity';
import { type DomainEvent, type Projections, parseConfig, type ServiceDefinition, type ServiceMigration } from '@commonwork/kit';
import { MarketplaceConfig, projections as marketplaceProjections, marketplaceService } from '@commonwork/marketplace';
import { projections as mediaProjections, mediaService } from '@commonwork/media';
import { MessagingConfig, projections as messagingProjections, messagingService } from '@commonwork/messaging';
import { NotificationsConfig, projections as notificationsProjections, notificationsService } from '@commonwork/notifications';
import { OrdersConfig, projections as ordersProjections, ordersService } from '@commonwork/orders';
import { WebhooksConfig, projections as webhooksProjections, webhooksService } from '@commonwork/webhooks';
import { migrations as draftsMigrations } from '../../services/drafts/src/migrations.ts';
import { migrations as eventsMigrations } from '../../services/events/src/migrations.ts';
import { migrations as identityMigrations } from '../../services/identity/src/migrations.ts';
import { migrations as marketplaceMigrations } from '../../services/marketplace/src/migrations.ts';
import { migrations as mediaMigrations } from '../../services/media/src/migrations.ts';
import { migrations as messagingMigrations } from '../../services/messaging/src/migrations.ts';
import { migrations as notificationsMigrations } from '../../services/notifications/src/migrations.ts';
import { migrations as ordersMigrations } from '../../services/orders/src/migrations.ts';
import { migrations as webhooksMigrations } from '../../services/webhooks/src/migrations.ts';
import { entryOf } from './clusterParts.ts';

/** What the embedded platform holds for every service alike: identity's keys, which identity signs with and the others verify against. */
export interface SharedParts {
  keys: KeyStore;
}

/**
 * A service's runtime half (its declarative half is its entry in contracts' SERVICE_MANIFEST): how
 * its definition is made from the environment, its read side, its migrations, and the file its own
 * process starts from. Its tables' type is erased here: the launchers, the seed and the rebuild pass
 * these through to the kit, which is typed over them.
 */
export interface ServicePart {
  /** The definition its main.ts makes, from the environment (parsed by the service's own config schema). */
  definition: (env: NodeJS.ProcessEnv, shared: SharedParts) => ServiceDefinition<never, never>;
  /** Its read side: what `npm run rebuild` empties and replays. */
  projections: Projections<never, never>;
  /** Its schema's migrations (the kit's own come first, as when it starts). */
  migrations: readonly ServiceMigration[];
  /** Its process's entry file, from the repository's root (cluster mode, docker-compose.yml, deploy/k8s). */
  entry: string;
}

/** Keeps one service's types together where its part is written; the part itself has them erased. */
const part = <DB, E extends DomainEvent, P extends DomainEvent>(
  name: ServiceName,
  typed: {
    definition: (env: NodeJS.ProcessEnv, shared: SharedParts) => ServiceDefinition<DB, E>;
    projections: Projections<DB, P>;
    migrations: readonly ServiceMigration[];
  },
): ServicePart => ({
  // TypeScript has no existential types: each part's own DB is checked above, then erased for the record.
  definition: typed.definition as unknown as ServicePart['definition'],
  projections: typed.projections as unknown as ServicePart['projections'],
  migrations: typed.migrations,
  entry: entryOf(name),
});

/**
 * Every service's runtime half, by the manifest's names: a manifest entry without its part here
 * fails to compile. Each definition is what the service's main.ts makes in cluster mode.
 */
export const SERVICE_PARTS: Record<ServiceName, ServicePart> = {
  identity: part('identity', {
    definition: (env, { keys }) => identityService(parseConfig(IdentityConfig, env), keys),
    projections: identityProjections,
    migrations: identityMigrations,
  }),
  marketplace: part('marketplace', {
    definition: (env) => marketplaceService(parseConfig(MarketplaceConfig, env)),
    projections: marketplaceProjections,
    migrations: marketplaceMigrations,
  }),
  messaging: part('messaging', {
    definition: (env) => messagingService(parseConfig(MessagingConfig, env)),
    projections: messagingProjections,
    migrations: messagingMigrations,
  }),
  events: part('events', {
    definition: (env) => eventsService(parseConfig(EventsConfig, env)),
    projections: eventsProjections,
    migrations: eventsMigrations,
  }),
  media: part('media', { definition: () => mediaService(), projections: mediaProjections, migrations: mediaMigrations }),
  notifications: part('notifications', {
    definition: (env) => notificationsService(parseConfig(NotificationsConfig, env)),
    projections: notificationsProjections,
    migrations: notificationsMigrations,
  }),
  drafts: part('drafts', { definition: () => draftsService(), projections: draftsProjections, migrations: draftsMigrations }),
  orders: part('orders', {
    definition: (env) => ordersService(parseConfig(OrdersConfig, env)),
    projections: ordersProjections,
    migrations: ordersMigrations,
  }),
  webhooks: part('webhooks', {
    definition: (env) => webhooksService(parseConfig(WebhooksConfig, env)),
    projections: webhooksProjections,
    migrations: webhooksMigrations,
  }),
};
