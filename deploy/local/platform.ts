import { draftsService } from '@commonwork/drafts';
import { eventsService } from '@commonwork/events';
import { createGateway, GatewayConfig } from '@commonwork/gateway';
import { IdentityConfig, identityService, identityVerifier, type KeyStore, keysFileOf, loadKeyStore } from '@commonwork/identity';
import { type Database, type EventBus, type Logger, MemoryRateCounter, parseConfig, startService } from '@commonwork/kit';
import { MarketplaceConfig, marketplaceService } from '@commonwork/marketplace';
import { mediaService } from '@commonwork/media';
import { MessagingConfig, messagingService } from '@commonwork/messaging';
import { NotificationsConfig, notificationsService } from '@commonwork/notifications';
import { startRealtime } from '@commonwork/realtime';

export interface PlatformOptions {
  env: NodeJS.ProcessEnv;
  database: Database;
  bus: EventBus;
  log: Logger;
  /** Identity's keys, when the caller holds them (tests); default: loaded from DATA_DIR. */
  keys?: KeyStore;
}

/**
 * The whole platform in one process (embedded mode, and the system tests): every service on its
 * own port on 127.0.0.1, the gateway in front. This file is the map of what runs.
 */
export async function startPlatform(options: PlatformOptions) {
  const { env, database, bus, log } = options;
  const identityConfig = parseConfig(IdentityConfig, env);
  const gatewayConfig = parseConfig(GatewayConfig, env);
  const keys = options.keys ?? (await loadKeyStore(keysFileOf(identityConfig)));
  const verifier = identityVerifier(keys);
  // The gateway writes each request's line; the services' lines for the same request are its hops.
  const requestLogLevel = 'debug';

  // What has started, so a part that fails to start does not leave the others running (and the process alive).
  const started: { stop: () => Promise<unknown> }[] = [];
  const track = <T extends { stop: () => Promise<unknown> }>(part: T) => {
    started.push(part);
    return part;
  };
  try {
    const identity = track(await startService(identityService(identityConfig, keys), { database, bus, log, verifier, requestLogLevel }));
    const marketplace = track(
      await startService(marketplaceService(parseConfig(MarketplaceConfig, env)), { database, bus, log, verifier, requestLogLevel }),
    );
    const messaging = track(
      await startService(messagingService(parseConfig(MessagingConfig, env)), { database, bus, log, verifier, requestLogLevel }),
    );
    const events = track(await startService(eventsService(), { database, bus, log, verifier, requestLogLevel }));
    const media = track(await startService(mediaService(), { database, bus, log, verifier, requestLogLevel }));
    const notifications = track(
      await startService(notificationsService(parseConfig(NotificationsConfig, env)), { database, bus, log, verifier, requestLogLevel }),
    );
    const drafts = track(await startService(draftsService(), { database, bus, log, verifier, requestLogLevel }));
    // One realtime replica, in-memory adapter and presence, on the shared in-process bus.
    // One counter for the gateway and the realtime replica: a person's REST calls and socket events share a budget.
    const rateCounter = new MemoryRateCounter();
    const realtime = track(
      await startRealtime({
        bus,
        log,
        verifier,
        messagingUrl: messaging.url,
        limit: { max: gatewayConfig.RATE_LIMIT_MAX, counter: rateCounter },
      }),
    );

    const gateway = await createGateway({
      log: log.child({ service: 'gateway' }),
      verifier,
      services: {
        identity: identity.url,
        marketplace: marketplace.url,
        messaging: messaging.url,
        events: events.url,
        media: media.url,
        notifications: notifications.url,
        drafts: drafts.url,
      },
      realtime: [realtime.url],
      trustedProxies: gatewayConfig.TRUSTED_PROXIES,
      webDist: gatewayConfig.WEB_DIST,
      rateLimit: { max: gatewayConfig.RATE_LIMIT_MAX, authMax: gatewayConfig.RATE_LIMIT_AUTH_MAX, counter: rateCounter },
      sectionTimeoutMs: gatewayConfig.BFF_SECTION_TIMEOUT_MS,
    });
    track({ stop: () => gateway.close() });
    const url = await gateway.listen({ host: gatewayConfig.HOST, port: gatewayConfig.PORT });
    return {
      url,
      gateway,
      services: { identity, marketplace, messaging, events, media, notifications, drafts, realtime },
      stop: () => stopAll(started),
    };
  } catch (error) {
    await stopAll(started).catch((stopError: unknown) => log.error({ err: stopError }, 'stopping after a failed start'));
    throw error;
  }
}

/** Stops parts in the reverse of their start order. */
async function stopAll(parts: { stop: () => Promise<unknown> }[]) {
  for (const part of [...parts].reverse()) await part.stop();
}
