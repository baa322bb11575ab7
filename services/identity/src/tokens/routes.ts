import { randomUUID } from 'node:crypto';
import { identityRoutes, PERSONAL_TOKEN_PATTERN, type PersonalToken, TOKEN_LIMITS } from '@commonwork/contracts';
import { Conflict, INTROSPECT_PATH, registerRoute, type ServiceContext, Unauthorized } from '@commonwork/kit';
import { addDays, startOfMinute } from 'date-fns';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { IdentityTables } from '../tables.ts';
import { tokenAggregate } from './aggregate.ts';
import { hashOfSecret, hintOf, newTokenSecret } from './secrets.ts';

/** What a person is told when their token has expired, on a call or on a live connection. */
export const TOKEN_EXPIRED = 'This personal access token has expired.';
const tooManyTokens = () =>
  Conflict(`You can hold at most ${TOKEN_LIMITS.perPerson} personal access tokens. Revoke one you no longer use first.`);

export interface TokenRouteOptions {
  /** The time expiries are set from and checked against (tests move it forward); default the real one. */
  now: () => Date;
}

const IntrospectRequest = z.object({ token: z.string().max(200) });

/**
 * Personal access tokens: created, listed and revoked by a signed-in session (the contracts' scope
 * `session`: the kit refuses any token there), and the internal question every verifier asks about
 * a presented secret (`INTROSPECT_PATH`, which the gateway never proxies).
 */
export function registerTokenRoutes(ctx: ServiceContext<IdentityTables>, options: TokenRouteOptions) {
  const { app, verifier, db } = ctx;
  const store = ctx.aggregate(tokenAggregate);

  registerRoute(app, verifier, identityRoutes.createToken, async ({ body, caller, request, reply }) => {
    const now = options.now();
    // Counted before the write: two creates racing at the limit may both pass, leaving one token over.
    if ((await liveCount(db, caller.sub, now)) >= TOKEN_LIMITS.perPerson) throw tooManyTokens();
    const secret = newTokenSecret();
    const tokenId = randomUUID();
    const expiresAt = body.expiresInDays ? addDays(now, body.expiresInDays).toISOString() : null;
    await store.handle(
      tokenId,
      {
        type: 'CreateToken',
        tokenId,
        userId: caller.sub,
        name: body.name,
        scopes: body.scopes,
        hint: hintOf(secret),
        secretHash: hashOfSecret(secret),
        expiresAt,
      },
      ctx.metadataFor(request, caller.sub),
    );
    const [token] = await tokensOf(db, caller.sub, tokenId);
    reply.status(201);
    return { success: true as const, token: token as PersonalToken, secret };
  });

  registerRoute(app, verifier, identityRoutes.listTokens, async ({ caller }) => ({
    success: true as const,
    tokens: await tokensOf(db, caller.sub),
  }));

  registerRoute(app, verifier, identityRoutes.revokeToken, async ({ params, caller, request }) => {
    await store.handle(params.id, { type: 'RevokeToken', userId: caller.sub }, ctx.metadataFor(request, caller.sub));
    return { success: true as const, message: 'Token revoked' };
  });

  // Internal: what a presented secret may do. 401 for an unknown, revoked or expired one.
  app.post(INTROSPECT_PATH, { schema: { body: IntrospectRequest } }, async (request) => {
    const { token: secret } = request.body as z.infer<typeof IntrospectRequest>;
    if (!PERSONAL_TOKEN_PATTERN.test(secret)) throw Unauthorized('Invalid token');
    const row = await db
      .selectFrom('personal_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .leftJoin('personal_token_uses as used', 'used.token_id', 't.id')
      .select(['t.id', 't.user_id', 't.scopes', 't.expires_at', 'u.email', 'u.role', 'used.last_used_at'])
      .where('t.secret_hash', '=', hashOfSecret(secret))
      .executeTakeFirst();
    if (!row) throw Unauthorized('Invalid token');
    const now = options.now();
    if (row.expires_at && row.expires_at.getTime() <= now.getTime()) throw Unauthorized(TOKEN_EXPIRED);
    await markUsed(db, row.id, row.last_used_at, now);
    return {
      claims: {
        sub: row.user_id,
        email: row.email,
        role: row.role,
        scopes: row.scopes,
        tid: row.id,
        ...(row.expires_at && { exp: Math.floor(row.expires_at.getTime() / 1000) }),
      },
    };
  });
}

/** Tokens that still work: expired ones stay listed (marked by their date) but no longer count. */
async function liveCount(db: Kysely<IdentityTables>, userId: string, now: Date) {
  const { count } = await db
    .selectFrom('personal_tokens')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** A person's tokens, newest first (one of them when `tokenId` is given); never their secrets. */
async function tokensOf(db: Kysely<IdentityTables>, userId: string, tokenId?: string): Promise<PersonalToken[]> {
  let query = db
    .selectFrom('personal_tokens as t')
    .leftJoin('personal_token_uses as used', 'used.token_id', 't.id')
    .select(['t.id', 't.name', 't.scopes', 't.hint', 't.created_at', 't.expires_at', 'used.last_used_at'])
    .where('t.user_id', '=', userId);
  if (tokenId) query = query.where('t.id', '=', tokenId);
  const rows = await query.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    scopes: r.scopes,
    hint: r.hint,
    createdAt: r.created_at.toISOString(),
    expiresAt: r.expires_at?.toISOString() ?? null,
    lastUsedAt: r.last_used_at?.toISOString() ?? null,
  }));
}

/**
 * Keeps when a token was last used, to the minute: written at most once a minute per token, outside
 * events (a use is no decision, and an event per call would swamp the stream).
 */
async function markUsed(db: Kysely<IdentityTables>, tokenId: string, last: Date | null, now: Date) {
  const minute = startOfMinute(now);
  if (last && last.getTime() >= minute.getTime()) return;
  await db
    .insertInto('personal_token_uses')
    .values({ token_id: tokenId, last_used_at: minute })
    .onConflict((oc) => oc.column('token_id').doUpdateSet({ last_used_at: minute }).where('personal_token_uses.last_used_at', '<', minute))
    .execute();
}
