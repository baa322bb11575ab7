import type { TokenVerifier } from './auth/verifier.ts';
import type { CommonConfig } from './config.ts';
import type { DomainEvent } from './events/eventStore.ts';
import { openInfrastructure } from './infrastructure.ts';
import { shutdownOnSignals } from './lifecycle.ts';
import { createLogger } from './logger.ts';
import { startMetrics } from './metrics.ts';
import type { IdentityReplicas } from './personalData/internalRoutes.ts';
import { type ServiceDefinition, startService } from './service.ts';
import { startTelemetry } from './telemetry.ts';

/**
 * Cluster mode: one service as its own process, with telemetry, its adapters, and graceful
 * shutdown on signals. Every service's main.ts is this call.
 */
export async function runServiceProcess<DB, E extends DomainEvent>(options: {
  config: CommonConfig & { HOST: string; PORT: number };
  definition: ServiceDefinition<DB, E>;
  verifier: TokenVerifier;
  name: string;
  /** Identity's replicas (IDENTITY_URL; identity's own loopback for identity), for internal calls to it. */
  identity: IdentityReplicas;
}) {
  const { config, name } = options;
  const log = createLogger(name, config.LOG_LEVEL);
  const stopTelemetry = await startTelemetry(name, log);
  const metrics = await startMetrics(name, log);
  const infra = await openInfrastructure(config, log);
  const service = await startService(options.definition, {
    ...infra,
    log,
    verifier: options.verifier,
    host: config.HOST,
    port: config.PORT,
    drainDelayMs: config.DRAIN_DELAY_MS,
    identity: options.identity,
  });
  shutdownOnSignals(log, [
    { name: 'telemetry', stop: stopTelemetry },
    { name: 'metrics', stop: metrics.stop },
    { name: 'infrastructure', stop: infra.close },
    { name, stop: service.stop },
  ]);
  return service;
}
