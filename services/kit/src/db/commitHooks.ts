import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseConnection, Dialect, Driver } from 'kysely';

/**
 * Work a caller asks of every transaction committed on its behalf: `before` runs on the
 * transaction's own connection just before COMMIT (its writes commit or roll back with the rest;
 * throwing rolls the whole transaction back), `after` once the COMMIT succeeded.
 */
export interface CommitHook {
  before(connection: DatabaseConnection): Promise<void>;
  after(): void;
}

const hooks = new AsyncLocalStorage<readonly CommitHook[]>();

/** Runs `fn` with `list` as the hooks of every transaction it commits (replacing any around it). */
export const withCommitHooks = <T>(list: readonly CommitHook[], fn: () => T): T => hooks.run(list, fn);

/** The hooks of the current context: a batch that commits other callers' work carries each one's. */
export const currentCommitHooks = (): readonly CommitHook[] => hooks.getStore() ?? [];

/**
 * The dialect with a driver that runs the context's commit hooks. At the driver, because a
 * transaction is begun in many places (the aggregate store, handlers, batches): every one of them
 * commits here.
 */
export function withCommitHooksDialect(dialect: Dialect): Dialect {
  return {
    createDriver: () => hookedDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

function hookedDriver(driver: Driver): Driver {
  // Delegated one by one: drivers keep private fields, which a prototype chain would not reach.
  const hooked: Driver = {
    init: () => driver.init(),
    acquireConnection: () => driver.acquireConnection(),
    beginTransaction: (connection, settings) => driver.beginTransaction(connection, settings),
    commitTransaction: async (connection) => {
      const list = hooks.getStore() ?? [];
      for (const hook of list) await hook.before(connection);
      await driver.commitTransaction(connection);
      for (const hook of list) hook.after();
    },
    rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
    releaseConnection: (connection) => driver.releaseConnection(connection),
    destroy: () => driver.destroy(),
  };
  if (driver.savepoint) hooked.savepoint = driver.savepoint.bind(driver);
  if (driver.rollbackToSavepoint) hooked.rollbackToSavepoint = driver.rollbackToSavepoint.bind(driver);
  if (driver.releaseSavepoint) hooked.releaseSavepoint = driver.releaseSavepoint.bind(driver);
  return hooked;
}
