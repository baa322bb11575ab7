import { randomBytes } from 'node:crypto';
import { type Database, type EventBus, MemoryBus, NatsBus, openDatabase } from '../src/index.ts';
import { createTestDatabase, deleteNamespace, testLogger } from '../src/testing/index.ts';

/** Every database adapter this run can reach: PGlite always, PostgreSQL when DATABASE_URL is set. */
export const databaseAdapters: { name: string; open: () => Promise<{ database: Database; drop: () => Promise<void> }> }[] = [
  {
    name: 'pglite',
    open: async () => {
      const database = await openDatabase({});
      return { database, drop: () => database.close() };
    },
  },
  ...(process.env.DATABASE_URL ? [{ name: 'postgres', open: createTestDatabase }] : []),
];

/** Every bus adapter this run can reach: in-process always, JetStream when NATS_URL is set. */
export const busAdapters: { name: string; open: () => Promise<{ bus: EventBus; close: () => Promise<void> }> }[] = [
  {
    name: 'in-process',
    open: async () => {
      const bus = new MemoryBus(testLogger());
      return { bus, close: () => bus.close() };
    },
  },
  ...(process.env.NATS_URL
    ? [
        {
          name: 'jetstream',
          open: async () => {
            const url = process.env.NATS_URL ?? '';
            const namespace = `t${randomBytes(5).toString('hex')}`;
            const bus = await NatsBus.connect({ url, log: testLogger(), namespace, ackWaitMs: 2_000 });
            return {
              bus,
              close: async () => {
                await bus.close();
                await deleteNamespace(url, namespace);
              },
            };
          },
        },
      ]
    : []),
];
