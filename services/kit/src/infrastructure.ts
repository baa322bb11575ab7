import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Database, openDatabase } from './db/database.ts';
import type { EventBus } from './events/bus.ts';
import { MemoryBus } from './events/memoryBus.ts';
import { NatsBus } from './events/natsBus.ts';
import type { Logger } from './logger.ts';

export interface InfrastructureConfig {
  DATABASE_URL?: string | undefined;
  NATS_URL?: string | undefined;
  NATS_STREAM_REPLICAS?: number | undefined;
  DATA_DIR: string;
}

/** JetStream when NATS_URL is set, with each stream on NATS_STREAM_REPLICAS nodes; else the in-process bus. */
export async function openBus(config: Omit<InfrastructureConfig, 'DATA_DIR'>, log: Logger): Promise<EventBus> {
  if (!config.NATS_URL) return new MemoryBus(log);
  return NatsBus.connect({ url: config.NATS_URL, log, replicas: config.NATS_STREAM_REPLICAS });
}

/**
 * Builds the adapters once, at start-up, from configuration: PostgreSQL or PGlite, JetStream or the
 * in-process bus. Nothing else in the code base asks which mode it runs in.
 */
export async function openInfrastructure(
  config: InfrastructureConfig,
  log: Logger,
): Promise<{ database: Database; bus: EventBus; close: () => Promise<void> }> {
  const dataDir = join(config.DATA_DIR, 'pglite');
  if (!config.DATABASE_URL) await mkdir(dataDir, { recursive: true });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir,
    onIdleError: (error) => log.warn({ err: error }, 'idle database connection closed'),
  });
  const bus = await openBus(config, log);
  log.info({ database: database.kind, bus: config.NATS_URL ? 'nats' : 'in-process' }, 'infrastructure ready');
  return {
    database,
    bus,
    close: async () => {
      await bus.close();
      await database.close();
    },
  };
}
