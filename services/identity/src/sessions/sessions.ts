import { randomUUID } from 'node:crypto';
import type { SessionResponse } from '@commonwork/contracts';
import type { EndedSessionsAnswer } from '@commonwork/kit';
import type { Kysely } from 'kysely';
import { issueAccessToken } from '../keys/accessTokens.ts';
import type { KeyStore } from '../keys/keyStore.ts';
import type { IdentityTables, UserRow } from '../tables.ts';
import { presentUser } from '../users/present.ts';

export type Sessions = ReturnType<typeof sessionsOf>;

/**
 * Signed-in sessions: each access token carries its session's id (`sid`), recorded here from sign-in
 * to its token's expiry, so a sign-out can end it (or all of a person's) and every verifier learns
 * of it through `endedAfter` within a second.
 */
export function sessionsOf(db: Kysely<IdentityTables>, keys: KeyStore, ttlSeconds: number) {
  const tokenFor = (row: UserRow, sid: string) =>
    issueAccessToken(keys.active, { sub: row.id, email: row.email, role: row.role, sid }, ttlSeconds);
  const expiryFrom = (now: Date) => new Date(now.getTime() + ttlSeconds * 1000);

  /** A new session for a person who has just signed in: the answer of every sign-in call. */
  const start = async (row: UserRow, isNewUser: boolean, message: string): Promise<SessionResponse> => {
    const now = new Date();
    const sid = randomUUID();
    await db
      .insertInto('sessions')
      .values({ id: sid, user_id: row.id, started_at: now, expires_at: expiryFrom(now), ended_at: null })
      .execute();
    // Expired sessions are refused by their tokens' own expiry: nothing needs them any more.
    await db.deleteFrom('sessions').where('expires_at', '<', now).execute();
    return { success: true, message, user: presentUser(row, row.id), token: await tokenFor(row, sid), isNewUser };
  };

  return {
    start,

    /**
     * A fresh token for the caller's own session (their profile changed what the token says), the
     * session's end moved to its expiry; a new session when the caller's is not recorded here.
     */
    renew: async (sid: string | undefined, row: UserRow, message: string): Promise<SessionResponse> => {
      if (!sid) return start(row, false, message);
      const renewed = await db
        .updateTable('sessions')
        .set({ expires_at: expiryFrom(new Date()) })
        .where('id', '=', sid)
        .where('user_id', '=', row.id)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      if (renewed.numUpdatedRows === 0n) return start(row, false, message);
      return { success: true, message, user: presentUser(row, row.id), token: await tokenFor(row, sid), isNewUser: false };
    },

    /** Ends one of the person's sessions; how many ended (0 when it had already). */
    end: async (sid: string, userId: string) => {
      const ended = await db
        .updateTable('sessions')
        .set({ ended_at: new Date() })
        .where('id', '=', sid)
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      return Number(ended.numUpdatedRows);
    },

    /** Ends every live session of the person. */
    endAll: async (userId: string) => {
      const now = new Date();
      const ended = await db
        .updateTable('sessions')
        .set({ ended_at: now })
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(ended.numUpdatedRows);
    },

    /** The sessions ended after `after` (ms; every one when absent) whose tokens have not yet expired. */
    endedAfter: async (after: number | undefined): Promise<EndedSessionsAnswer> => {
      // Read before the rows: a sign-out stamped after this time is in the next answer.
      const at = Date.now();
      const live = db.selectFrom('sessions').select(['id', 'expires_at']).where('expires_at', '>', new Date(at));
      const rows = await (after === undefined
        ? live.where('ended_at', 'is not', null)
        : live.where('ended_at', '>', new Date(after))
      ).execute();
      return { at, ended: rows.map((r) => ({ sid: r.id, expiresAt: r.expires_at.getTime() })) };
    },
  };
}
