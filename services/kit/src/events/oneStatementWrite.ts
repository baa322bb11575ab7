import { CompiledQuery, type DatabaseConnection, Kysely, type QueryResult, type RootOperationNode } from 'kysely';
import { StaleVersion } from '../errors.ts';
import type { EventRow, StoredEvent } from './eventStore.ts';
import { isUniqueViolation, toStored } from './eventStore.ts';

/**
 * An aggregate's write in one statement (docs/decisions/kit/one-statement-writes.md): the events,
 * the statements that project them and an Idempotency-Key's record (with the request's answer when
 * its route declared it: docs/decisions/kit/keyed-write-in-one-statement.md) go to `kit_write`
 * (storeMigration.ts) in one call, its own transaction. The projection is run ahead against a handle that records its
 * statements instead of sending them; a projection that reads (a select, a `returning`, an event's
 * global position) cannot be recorded, and the write takes the transaction path. Row counts are not
 * known ahead: a projection must not decide on one.
 */
export class NeedsTransaction extends Error {}

/** What the write of one stream says: the stored events, or, when the stream moved on, the events since. */
export type WriteAnswer = { stale: false; events: StoredEvent[] } | { stale: true; events: StoredEvent[] };

const readers = new Set(['SelectQueryNode']);

/** A connection that keeps each statement, inlined, and answers none: a write-only projection's. */
function recordingConnection(sink: string[]): DatabaseConnection {
  return {
    executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
      const node = query.query as RootOperationNode & { returning?: unknown };
      if (readers.has(node.kind) || node.returning !== undefined) throw new NeedsTransaction(node.kind);
      if (node.kind === 'RawNode' && !/^\s*(insert|update|delete)\b/i.test(query.sql)) throw new NeedsTransaction('raw');
      if (/\breturning\b/i.test(query.sql) && node.kind === 'RawNode') throw new NeedsTransaction('raw returning');
      sink.push(inline(query));
      // No count: Kysely reads it for every write's result, so a projection must not decide on it (none does).
      return { rows: [] };
    },
    streamQuery: () => {
      throw new NeedsTransaction('stream');
    },
  };
}

/** A handle like `db` (its schema, its plugins) whose statements are recorded into `sink`, not sent. */
export function recordingHandle<DB>(db: Kysely<DB>, sink: string[]): Kysely<DB> {
  const connection = recordingConnection(sink);
  const executor = db.getExecutor().withConnectionProvider({ provideConnection: (consumer) => consumer(connection) });
  const refuse = () => {
    throw new NeedsTransaction('transaction');
  };
  const driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: refuse,
    commitTransaction: refuse,
    rollbackTransaction: refuse,
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const dialect = {
    createDriver: () => driver,
    createQueryCompiler: refuse,
    createAdapter: refuse,
    createIntrospector: refuse,
  };
  return new Kysely<DB>({ config: { dialect }, driver, dialect, executor });
}

/**
 * The statement with its parameters written in as literals. A quoted literal is untyped, as a
 * parameter sent by node-postgres is, so the server infers the same types.
 */
export function inline(query: CompiledQuery): string {
  const { parameters } = query;
  const { texts, refs } = templateOf(query.sql);
  let out = texts[0] as string;
  for (const [k, n] of refs.entries()) {
    if (n < 1 || n > parameters.length) throw new Error(`inline: no parameter $${n}`);
    out += literal(parameters[n - 1]) + texts[k + 1];
  }
  return out;
}

/** A statement's text cut at its parameters: the text between them, and which parameter each one is. */
interface Template {
  texts: string[];
  refs: number[];
}
/** The templates of the statements seen: a hot write's statements (one text per shape) are cut once. */
const templates = new Map<string, Template>();
/** More shapes than this (varied batches) and the templates are made again as they come. */
const TEMPLATES_KEPT = 1_000;
const isDigit = (code: number) => code >= 48 && code <= 57;

function templateOf(sql: string): Template {
  const known = templates.get(sql);
  if (known) return known;
  const texts: string[] = [];
  const refs: number[] = [];
  let from = 0;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    if (c === "'" || c === '"') {
      // A quoted literal or identifier, its doubled quotes included.
      let j = i + 1;
      while (j < sql.length && !(sql[j] === c && sql[j + 1] !== c)) j += sql[j] === c ? 2 : 1;
      i = j + 1;
    } else if (c === '$' && isDigit(sql.charCodeAt(i + 1)) && !/[\w$]/.test(sql[i - 1] ?? '')) {
      let j = i + 1;
      while (j < sql.length && isDigit(sql.charCodeAt(j))) j++;
      texts.push(sql.slice(from, i));
      refs.push(Number(sql.slice(i + 1, j)));
      from = i = j;
    } else i++;
  }
  texts.push(sql.slice(from));
  if (templates.size >= TEMPLATES_KEPT) templates.clear();
  const template = { texts, refs };
  templates.set(sql, template);
  return template;
}

/** A value as node-postgres would send it, quoted; a value it would send otherwise is not inlined. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'bigint') return quote(String(value));
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return quote(value.toISOString());
  // Arrays, buffers and objects node-postgres writes in formats of its own: recorded by the transaction path instead.
  throw new NeedsTransaction(`parameter of type ${typeof value}`);
}

/** PostgreSQL's string literal (pg's escapeLiteral): quotes doubled; with a backslash, the E form with backslashes doubled. */
function quote(text: string): string {
  const body = text.replaceAll("'", "''");
  return text.includes('\\') ? ` E'${body.replaceAll('\\', '\\\\')}'` : `'${body}'`;
}

/** A statement `kit_write` runs after the projection that must change a row (an Idempotency-Key's record). */
export interface RequiredStatement {
  query: CompiledQuery;
}

/**
 * Sends one stream's write: `kit_write` checks the stream is at `expected` (under the snapshot row's
 * lock when `lock`), appends `rows`, runs `statements`, then `required` (each must change a row),
 * all in the one statement's transaction. When one of `required` changes none nothing is written,
 * and the answer names it (its index).
 */
export async function writeInOneStatement<DB>(
  db: Kysely<DB>,
  options: {
    schema: string;
    streamId: string;
    expected: number;
    lock: boolean;
    rows: EventRow[];
    statements: string[];
    required: readonly RequiredStatement[];
  },
): Promise<WriteAnswer | { refused: number }> {
  const call = CompiledQuery.raw(`select "${options.schema.replaceAll('"', '""')}".kit_write($1, $2, $3, $4, $5, $6) as answer`, [
    options.streamId,
    options.expected,
    options.lock,
    JSON.stringify(options.rows),
    options.statements,
    options.required.map((mark) => inline(mark.query)),
  ]);
  let answer: { stale: boolean; events: Parameters<typeof toStored>[0][] | null };
  try {
    const { rows } = await db.executeQuery<{ answer: typeof answer | string }>(call);
    const raw = rows[0]?.answer;
    answer = typeof raw === 'string' ? JSON.parse(raw) : (raw as typeof answer);
  } catch (error) {
    if (isUniqueViolation(error, 'event_store_stream_version_unique')) throw StaleVersion();
    const refused = refusalOf(error);
    if (refused !== undefined && refused >= 1 && refused <= options.required.length) return { refused: refused - 1 };
    throw error;
  }
  return { stale: answer.stale, events: (answer.events ?? []).map((row) => toStored(row)) } as WriteAnswer;
}

/** The number of the required statement that changed no row (`kit_write`'s CW001), if that is the error. */
function refusalOf(error: unknown): number | undefined {
  const e = error as { code?: string; detail?: string } | null;
  return e?.code === 'CW001' ? Number(e.detail) : undefined;
}
