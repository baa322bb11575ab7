import { AsyncLocalStorage } from 'node:async_hooks';
import type { CompiledQuery, DatabaseConnection, Dialect, Driver } from 'kysely';

/**
 * Work a caller asks of every transaction committed on its behalf: `before` runs on the
 * transaction's own connection just before COMMIT (its writes commit or roll back with the rest;
 * throwing rolls the whole transaction back), `after` once the COMMIT succeeded.
 */
export interface CommitHook {
  before(connection: DatabaseConnection): Promise<void>;
  after(): void;
  /**
   * The same work as one statement for a write sent as one statement (events/oneStatementWrite.ts):
   * it must change a row, or the write fails with `refusal()`; null when there is nothing to do.
   * `answer` is what the request will answer when its route declared it ahead of the write
   * (`AggregateStore.handle`'s `answer`): a hook that keeps answers stores it in the same statement.
   */
  inWrite?(answer?: { body: unknown }): { query: CompiledQuery; refusal: () => Error } | null;
}

const hooks = new AsyncLocalStorage<readonly CommitHook[]>();

/** Runs `fn` with `list` as the hooks of every transaction it commits (replacing any around it). */
export const withCommitHooks = <T>(list: readonly CommitHook[], fn: () => T): T => hooks.run(list, fn);

/** The hooks of the current context: a batch that commits other callers' work carries each one's. */
export const currentCommitHooks = (): readonly CommitHook[] => hooks.getStore() ?? [];

/** A statement as the database got it, and which checkout of a connection sent it. */
export interface SentStatement {
  sql: string;
  parameters: readonly unknown[];
  checkout: number;
}
const watchers = new Set<SentStatement[]>();
let checkouts = 0;

/**
 * Lists every statement sent from now until `stop` (BEGIN and COMMIT included) with the connection
 * checkout that sent it, in order: what tests bound a write's round trips by. Process-wide: a request
 * loses its caller's async context in Fastify's inject, so tests pick their statements by what they name.
 */
export function watchStatements() {
  const sent: SentStatement[] = [];
  watchers.add(sent);
  return {
    stop: () => {
      watchers.delete(sent);
      return sent;
    },
  };
}

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

/** The driver's own connection behind each counted one (drivers release only what they handed out). */
const originals = new WeakMap<DatabaseConnection, DatabaseConnection>();

/** The connection, reporting each statement to the watchers (tests). */
function countedConnection(connection: DatabaseConnection): DatabaseConnection {
  const checkout = ++checkouts;
  const report = ({ sql, parameters }: CompiledQuery) => {
    for (const sent of watchers) sent.push({ sql, parameters, checkout });
  };
  const counting: DatabaseConnection = {
    executeQuery: (query) => {
      report(query);
      return connection.executeQuery(query);
    },
    streamQuery: (query, chunkSize) => {
      report(query);
      return connection.streamQuery(query, chunkSize);
    },
  };
  originals.set(counting, connection);
  return counting;
}

function hookedDriver(driver: Driver): Driver {
  // Delegated one by one: drivers keep private fields, which a prototype chain would not reach.
  const hooked: Driver = {
    init: () => driver.init(),
    acquireConnection: async () => countedConnection(await driver.acquireConnection()),
    beginTransaction: (connection, settings) => driver.beginTransaction(connection, settings),
    commitTransaction: async (connection) => {
      const list = hooks.getStore() ?? [];
      for (const hook of list) await hook.before(connection);
      await driver.commitTransaction(connection);
      for (const hook of list) hook.after();
    },
    rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
    releaseConnection: (connection) => driver.releaseConnection(originals.get(connection) ?? connection),
    destroy: () => driver.destroy(),
  };
  if (driver.savepoint) hooked.savepoint = driver.savepoint.bind(driver);
  if (driver.rollbackToSavepoint) hooked.rollbackToSavepoint = driver.rollbackToSavepoint.bind(driver);
  if (driver.releaseSavepoint) hooked.releaseSavepoint = driver.releaseSavepoint.bind(driver);
  return hooked;
}
