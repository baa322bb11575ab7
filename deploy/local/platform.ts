import { byService, SERVICE_NAMES, type ServiceName } from '@commonwork/contracts';
import { createGateway, GatewayConfig } from '@commonwork/gateway';
import { IdentityConfig, identityVerifier, type KeyStore, keysFileOf, loadKeyStore } from '@commonwork/identity';
import {
  type Database,
  type EventBus,
  type Logger,
  MemoryRateCounter,
  parseConfig,
  type RunningService,
  startService,
} from '@commonwork/kit';
import { startRealtime } from '@commonwork/realtime';
import { SERVICE_PARTS } from './services.ts';

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
 * own port on 127.0.0.1, the gateway in front. What services there are is contracts' SERVICE_MANIFEST
 * (and deploy/local/services.ts); this file adds the realtime replica and the gateway.
 */
export async function startPlatform(options: PlatformOptions) {
  const { env, database, bus, log } = options;
  const identityConfig = parseConfig(IdentityConfig, env);
  const gatewayConfig = parseConfig(GatewayConfig, env);
  const keys = options.keys ?? (await loadKeyStore(keysFileOf(identityConfig)));
  // Ended sessions and personal access tokens are asked of identity's internal routes once identity listens (it starts first).
  let identityUrls: string[] = [];
  const verifier = identityVerifier(keys, () => identityUrls);
  // The gateway writes each request's line; the services' lines for the same request are its hops.
  const requestLogLevel = 'debug';

  // What has started, so a part that fails to start does not leave the others running (and the process alive).
  const started: { stop: () => Promise<unknown> }[] = [];
  const track = <T extends { stop: () => Promise<unknown> }>(part: T) => {
    started.push(part);
    return part;
  };
  try {
    // In the manifest's order, which starts every service after the ones it needs.
    const running: [ServiceName, RunningService<never>][] = [];
    for (const name of SERVICE_NAMES) {
      const definition = SERVICE_PARTS[name].definition(env, { keys });
      const service = track(
        await startService(definition, { database, bus, log, verifier, requestLogLevel, identity: () => identityUrls }),
      );
      if (name === 'identity') identityUrls = [service.url];
      running.push([name, service]);
    }
    const services = Object.fromEntries(running) as Record<ServiceName, RunningService<never>>;
    // One realtime replica, in-memory adapter and presence, on the shared in-process bus.
    // One counter for the gateway and the realtime replica: a person's REST calls and socket events share a budget.
    const rateCounter = new MemoryRateCounter();
    const realtime = track(
      await startRealtime({
        bus,
        log,
        verifier,
        messagingUrl: services.messaging.url,
        limit: { max: gatewayConfig.RATE_LIMIT_MAX, counter: rateCounter },
      }),
    );

    const gateway = await createGateway({
      log: log.child({ service: 'gateway' }),
      verifier,
      services: byService((name) => services[name].url),
      realtime: [realtime.url],
      trustedProxies: gatewayConfig.TRUSTED_PROXIES,
      webDist: gatewayConfig.WEB_DIST,
      rateLimit: { max: gatewayConfig.RATE_LIMIT_MAX, authMax: gatewayConfig.RATE_LIMIT_AUTH_MAX, counter: rateCounter },
      sectionTimeoutMs: gatewayConfig.BFF_SECTION_TIMEOUT_MS,
      googleSignIn: Boolean(gatewayConfig.GOOGLE_CLIENT_ID),
    });
    track({ stop: () => gateway.close() });
    const url = await gateway.listen({ host: gatewayConfig.HOST, port: gatewayConfig.PORT });
    return {
      url,
      gateway,
      services: { ...services, realtime },
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
