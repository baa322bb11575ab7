import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_REPLAYED_HEADER,
  type RouteContract,
  WRITE_METHODS,
} from '@commonwork/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CompiledQuery, type Generated, type Kysely, sql } from 'kysely';
import { type CommitHook, currentCommitHooks, withCommitHooks } from '../db/commitHooks.ts';
import type { AnyDb } from '../db/database.ts';
import type { ServiceMigration } from '../db/migrations.ts';
import { createError } from '../errors.ts';
import type { ServiceJob } from '../jobs.ts';

/** The type of every answer recorded in a write (the kit's routes answer JSON, as Fastify types it). */
const JSON_TYPE = 'application/json; charset=utf-8';
/** How long a key and its answer are kept (Stripe's 24 hours). */
const KEPT = '24 hours';
/**
 * How long a claim holds a key with nothing committed under it. After that a repeat takes the key
 * over: its first holder died before committing (or is so slow that its commit will be refused).
 */
export const LEASE_MS = 5_000;
/** How long a repeat waits for the request holding its key to answer before it is told to come back. */
const WAIT_MS = LEASE_MS + 3_000;
const POLL_MS = 50;

export const IdempotencyKeyInvalid = createError('VALIDATION_FAILED', 'Idempotency-Key must be 1 to 255 visible ASCII characters', 400);
export const IdempotencyKeyReused = createError(
  'IDEMPOTENCY_KEY_REUSED',
  'This Idempotency-Key was already used for a different request; send a new key for a new request',
  422,
);
export const IdempotencyKeyInUse = createError(
  'IDEMPOTENCY_KEY_IN_USE',
  'A request with this Idempotency-Key is still being processed; try again in a moment',
  409,
);
/** The claim was taken over by a repeat while this request ran: its write is refused, and the repeat's stands. */
const KeyTakenOver = createError('IDEMPOTENCY_KEY_TAKEN_OVER', 'A repeat of this request took it over; try again in a moment', 503);

/** The kit's table of keys in every service schema. */
export const idempotencyKeysMigration: ServiceMigration = {
  name: '0000_idempotency_keys',
  async up(db) {
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('owner', 'uuid', (c) => c.notNull())
      .addColumn('locked_until', 'timestamptz')
      .addColumn('committed', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('status', 'integer')
      .addColumn('content_type', 'text')
      .addColumn('answer', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
      .execute();
    await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();
  },
};

interface KeyRow {
  request_hash: string;
  owner: string;
  locked_until: Date | null;
  committed: boolean;
  status: number | null;
  content_type: string | null;
  answer: string | null;
}

interface KeyTables {
  idempotency_keys: Omit<KeyRow, 'committed'> & { scope: string; key: string; committed: Generated<boolean>; created_at: Generated<Date> };
}

/** Removes keys older than 24 hours, a slice at a time (replicas may run it side by side). */
export const idempotencyKeysCleanup: ServiceJob<{ db: AnyDb }> = {
  name: 'idempotency-keys-cleanup',
  everyMs: 10 * 60_000,
  run: async ({ db }) => {
    const keys = db as unknown as Kysely<KeyTables>;
    for (;;) {
      const removed = await keys
        .deleteFrom('idempotency_keys')
        .where(({ eb, selectFrom }) =>
          eb(
            sql`(scope, key)`,
            'in',
            selectFrom('idempotency_keys')
              .select(['scope', 'key'])
              .where('created_at', '<', sql<Date>`now() - ${KEPT}::interval`)
              .limit(1_000),
          ),
        )
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) < 1_000) return;
    }
  },
};

/** One request's hold on its key, from its claim to its answer. */
export interface KeyClaim {
  hook: CommitHook;
  /** Records the answer (when something was written under it), or lets the key go (when nothing was). */
  settle(status: number, contentType: string | undefined, payload: unknown): Promise<void>;
  /** Whether a repeat took the key over while this request ran (its write was then refused). */
  takenOver(): Promise<boolean>;
  /** The answer of the repeat that took the key over, once it has one. */
  holderAnswer(reply: FastifyReply): Promise<void>;
}

/**
 * Idempotency keys of one service's writes. The key is claimed before the handler runs, marked
 * committed by the handler's own transaction (a commit hook, on that transaction's connection), and
 * its answer stored when the answer is sent. A repeat finds the answer, or waits while the first is
 * in flight, or takes the key over when the first died before committing.
 */
export function idempotencyOf(db: AnyDb, schema: string) {
  const keys = db as unknown as Kysely<KeyTables>;
  const table = `"${schema.replaceAll('"', '""')}".idempotency_keys`;
  const rowOf = (scope: string, key: string) =>
    keys.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('key', '=', key).executeTakeFirst();

  /** Claims the key (new, or left by a holder that died before committing); the row when someone else holds it. */
  const claim = async (scope: string, key: string, hash: string, owner: string) => {
    const claimed = await keys
      .insertInto('idempotency_keys')
      .values({ scope, key, request_hash: hash, owner, locked_until: sql<Date>`now() + ${`${LEASE_MS} milliseconds`}::interval` })
      .onConflict((oc) =>
        oc
          .columns(['scope', 'key'])
          .doUpdateSet({ owner, locked_until: (eb) => eb.ref('excluded.locked_until') })
          .where(({ eb, and }) =>
            and([
              eb('idempotency_keys.status', 'is', null),
              eb('idempotency_keys.committed', '=', false),
              eb('idempotency_keys.locked_until', '<', sql<Date>`now()`),
              eb('idempotency_keys.request_hash', '=', hash),
            ]),
          ),
      )
      .returning('owner')
      .executeTakeFirst();
    if (claimed?.owner === owner) return null;
    return (await rowOf(scope, key)) ?? 'gone';
  };

  /**
   * Sends the stored answer. Returns nothing: a reply is thenable, so an async function that
   * returned it would hand its awaiting caller `undefined` (callers look at `reply.sent`).
   */
  const replay = (reply: FastifyReply, row: KeyRow): void => {
    reply.code(row.status ?? 200).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    if (row.content_type) reply.header('content-type', row.content_type);
    // The stored answer is already serialized: sent as it was.
    reply.serializer((payload: unknown) => payload as string).send(row.answer ?? undefined);
  };

  /**
   * Claims the key for this request, or answers it: the first result (replayed: null), 422 for a
   * different request under the same key, 409 when the first is still running after a wait.
   */
  async function begin(request: FastifyRequest, reply: FastifyReply, key: string): Promise<KeyClaim | null> {
    const scope = scopeOf(request);
    const hash = requestHash(request);
    const owner = randomUUID();
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const held = await claim(scope, key, hash, owner);
      if (held === null) return claimOf(scope, key, owner);
      if (held !== 'gone') {
        if (held.request_hash !== hash) throw IdempotencyKeyReused();
        if (held.status !== null) {
          replay(reply, held);
          return null;
        }
      }
      if (Date.now() >= deadline) throw IdempotencyKeyInUse();
      await sleep(POLL_MS);
    }
  }

  /** Waits for the answer of the request that holds the key now (after it took ours over). */
  async function answerOfHolder(reply: FastifyReply, scope: string, key: string) {
    const deadline = Date.now() + WAIT_MS;
    while (Date.now() < deadline) {
      const row = await rowOf(scope, key);
      if (row?.status != null) return replay(reply, row);
      await sleep(POLL_MS);
    }
    throw IdempotencyKeyInUse();
  }

  function claimOf(scope: string, key: string, owner: string): KeyClaim {
    let committed = false;
    const mine = () => keys.updateTable('idempotency_keys').where('scope', '=', scope).where('key', '=', key).where('owner', '=', owner);
    return {
      hook: {
        // In the write's own transaction: the key is committed with the write or not at all. A claim
        // taken over in the meantime refuses the write, so the work is done once, by the new holder.
        before: async (connection) => {
          if (committed) return;
          const marked = await connection.executeQuery(
            CompiledQuery.raw(`update ${table} set committed = true where scope = $1 and key = $2 and owner = $3 returning owner`, [
              scope,
              key,
              owner,
            ]),
          );
          if (marked.rows.length === 0) throw KeyTakenOver();
        },
        after: () => {
          committed = true;
        },
        inWrite: () =>
          committed
            ? null
            : {
                query: CompiledQuery.raw(`update ${table} set committed = true where scope = $1 and key = $2 and owner = $3`, [
                  scope,
                  key,
                  owner,
                ]),
                refusal: () => KeyTakenOver(),
              },
      },
      settle: async (status, contentType, payload) => {
        // Nothing written and refused: the key is let go, so the same request may be tried again.
        if (!committed && status >= 400) {
          await keys.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).where('owner', '=', owner).execute();
          return;
        }
        await mine()
          .set({
            committed: true,
            status,
            content_type: contentType ?? null,
            answer: typeof payload === 'string' ? payload : null,
            locked_until: null,
          })
          .execute();
      },
      takenOver: async () => {
        const row = await rowOf(scope, key);
        return row !== undefined && row.owner !== owner;
      },
      holderAnswer: (reply) => answerOfHolder(reply, scope, key),
    };
  }

  /**
   * The answer of the request that holds the key, for one that ran without claiming it and could not
   * record it (answeredInWrite): replayed (true), or 422 for a different request, after waiting while the
   * holder runs; false when no one holds it any more (nothing to answer from).
   */
  async function answerOfKey(reply: FastifyReply, scope: string, key: string, hash: string) {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const row = await rowOf(scope, key);
      if (!row || (!row.committed && row.status === null && (row.locked_until ?? new Date(0)) < new Date())) return false;
      if (row.request_hash !== hash) throw IdempotencyKeyReused();
      if (row.status !== null) {
        replay(reply, row);
        return true;
      }
      if (Date.now() >= deadline) throw IdempotencyKeyInUse();
      await sleep(POLL_MS);
    }
  }

  /**
   * Runs a write whose route answers from its one aggregate write (registerRoute's `answeredByWrite`)
   * without claiming its key first: the write's own statement records the key, with the answer the
   * route declared (`handle`'s `answer`), or, when the route wrote nothing, one statement after it
   * does. When another request holds the key the write is refused as a whole (nothing written), and
   * this one answers as a repeat: the holder's answer replayed, 422 for a different request, 409
   * while it runs on past the wait. Once the key is recorded with this request, its answer is final.
   */
  async function answeredInWrite(request: FastifyRequest, reply: FastifyReply, key: string, run: () => Promise<unknown>) {
    const scope = scopeOf(request);
    const hash = requestHash(request);
    const deadline = Date.now() + WAIT_MS;
    // Again when the key's holder died before committing: its lease over, this request takes the key over.
    for (;;) {
      const claim = recordOf(reply, scope, key, hash, randomUUID());
      let body: unknown;
      try {
        body = await withCommitHooks([...currentCommitHooks(), claim.hook], run);
      } catch (error) {
        if (claim.written()) {
          request.idempotencyClaim = claim;
          throw error;
        }
        if (await answerOfKey(reply, scope, key, hash)) return reply;
        if (claim.refused() && Date.now() < deadline) continue;
        throw error;
      }
      const stored = claim.stored();
      if (stored && stored.body === body && stored.status === reply.statusCode) return reply.type(JSON_TYPE).send(stored.text);
      if (claim.written()) {
        // Written without the answer (the transaction path): stored when it is sent, as a claimed key's.
        request.idempotencyClaim = claim;
        return body;
      }
      // Nothing written: the answer is recorded now, unless another request holds the key.
      if (reply.statusCode >= 400) return body;
      const text = reply.serialize(body) as string;
      const recorded = await keys.executeQuery(claim.record({ status: reply.statusCode, text })).then(({ rows }) => rows.length > 0);
      if (recorded) return reply.type(JSON_TYPE).send(text);
      if (await answerOfKey(reply, scope, key, hash)) return reply;
      if (Date.now() >= deadline) throw IdempotencyKeyInUse();
    }
  }

  /**
   * A key recorded by the write it stands for: inserted committed (with the answer when the route
   * declared it), or taken over from a holder that died before committing; a statement that changes
   * no row when another request holds the key.
   */
  function recordOf(reply: FastifyReply, scope: string, key: string, hash: string, owner: string) {
    let written = false;
    let refused = false;
    const refusal = () => {
      refused = true;
      return IdempotencyKeyInUse();
    };
    let pending: { body: unknown; status: number; text: string } | undefined;
    let stored: typeof pending;
    // With `returning` when sent on its own (the row tells whether it was recorded); in kit_write, the row count does.
    const record = (answer?: { status: number; text: string }, returning = true) =>
      CompiledQuery.raw(
        `insert into ${table} as k (scope, key, request_hash, owner, committed, status, content_type, answer)
         values ($1, $2, $3, $4, true, $5, $6, $7)
         on conflict (scope, key) do update set owner = excluded.owner, committed = true, status = excluded.status,
           content_type = excluded.content_type, answer = excluded.answer, locked_until = null
         where k.status is null and not k.committed and k.locked_until < now() and k.request_hash = excluded.request_hash
         ${returning ? 'returning owner' : ''}`,
        [scope, key, hash, owner, answer?.status ?? null, answer ? JSON_TYPE : null, answer?.text ?? null],
      );
    const hook: CommitHook = {
      // The transaction path: the key with the write, its answer stored when it is sent.
      before: async (connection) => {
        pending = undefined;
        if (written) return;
        if ((await connection.executeQuery(record())).rows.length === 0) throw refusal();
      },
      after: () => {
        written = true;
        stored = pending;
      },
      inWrite: (answer) => {
        if (written) return null;
        pending = answer && { body: answer.body, status: reply.statusCode, text: reply.serialize(answer.body) as string };
        return { query: record(pending, false), refusal };
      },
    };
    const mine = () => keys.updateTable('idempotency_keys').where('scope', '=', scope).where('key', '=', key).where('owner', '=', owner);
    return {
      hook,
      record,
      written: () => written,
      /** Whether the write was refused because another request held the key. */
      refused: () => refused,
      stored: () => stored,
      settle: async (status: number, contentType: string | undefined, payload: unknown) => {
        const answer = typeof payload === 'string' ? payload : null;
        if (stored && stored.status === status && stored.text === answer) return;
        await mine()
          .set({ committed: true, status, content_type: contentType ?? null, answer, locked_until: null })
          .execute();
      },
    };
  }

  return { begin, answeredInWrite };
}

export type Idempotency = ReturnType<typeof idempotencyOf>;

const services = new WeakMap<object, Idempotency>();

/** Gives a service's app its keys: every write route registered on it then records them. */
export const useIdempotency = (app: object, idempotency: Idempotency) => void services.set(app, idempotency);

/** The keys of the service an app serves; none for an app without a database (the gateway's own routes). */
export const idempotencyFor = (app: object) => services.get(app);

/**
 * The request's key when it is a write that records one: a signed-in caller's, not an upload's (its
 * body is a stream no one keeps to compare). Throws 400 for a malformed key.
 */
export function idempotencyKeyOf(request: FastifyRequest, contract: RouteContract): string | null {
  if (!WRITE_METHODS.has(contract.method) || contract.upload || !request.caller) return null;
  const value = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value))
    throw IdempotencyKeyInvalid(undefined, [{ field: IDEMPOTENCY_KEY_HEADER, message: 'must be 1 to 255 visible ASCII characters' }]);
  return value;
}

/** Whose key it is: a person's (or one of their tokens') keys are theirs alone. */
function scopeOf(request: FastifyRequest) {
  const caller = request.caller;
  if (!caller) throw new Error('an idempotency key is scoped by its caller');
  return caller.tid ? `token:${caller.tid}` : `person:${caller.sub}`;
}

/** The request a key stands for: method, path (with its query) and the validated body. */
function requestHash(request: FastifyRequest) {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('base64url');
}
