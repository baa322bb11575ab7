import { type AccessClaims, PUBLIC_EVENT_TYPES, PUBLIC_EVENTS, type PublicEventType, webhooksRoutes } from '@commonwork/contracts';
import { registerRoute, type ServiceContext, ValidationFailed } from '@commonwork/kit';
import { sql } from 'kysely';
import type { WebhooksTables } from '../tables.ts';

const MAX_CURSOR = 2n ** 63n - 1n;
const BAD_CURSOR = 'Cursor must be a cursor from an earlier answer';

/**
 * The types a caller may read in the feed: all for a signed-in session; for a personal access
 * token, those whose read scope it holds (the feed answers the rest as if there were none).
 */
export function readableTypes(caller: Pick<AccessClaims, 'scopes'>, asked?: readonly PublicEventType[]): PublicEventType[] | undefined {
  const { scopes } = caller;
  if (!scopes) return asked ? [...asked] : undefined;
  return (asked ?? PUBLIC_EVENT_TYPES).filter((type) => scopes.includes(PUBLIC_EVENTS[type].scope));
}

/** GET /api/feed: the public events the caller may read, oldest first after the cursor (a `seq`). */
export function registerFeedRoute(ctx: ServiceContext<WebhooksTables>) {
  const { app, verifier, db } = ctx;
  registerRoute(app, verifier, webhooksRoutes.feed, async ({ query, caller }) => {
    const after = query.after ?? '0';
    // A cursor is a bigint's digits; one past its range was never answered.
    if (BigInt(after) > MAX_CURSOR) throw ValidationFailed(BAD_CURSOR, [{ field: 'after', message: BAD_CURSOR }]);
    const types = readableTypes(caller, query.types);
    if (types && types.length === 0) return { success: true as const, events: [], next: after, hasMore: false };
    let rows = db
      .selectFrom('public_events')
      .select(['seq', 'event_id', 'type', 'occurred_at', 'data'])
      .where(sql<boolean>`audience @> array[${caller.sub}]::uuid[]`)
      .where('seq', '>', after);
    if (types) rows = rows.where('type', 'in', types);
    const page = await rows
      .orderBy('seq')
      .limit(query.limit + 1)
      .execute();
    const shown = page.slice(0, query.limit);
    return {
      success: true as const,
      events: shown.map((row) => ({ id: row.event_id, type: row.type, timestamp: row.occurred_at.toISOString(), data: row.data })),
      next: String(shown.at(-1)?.seq ?? after),
      hasMore: page.length > query.limit,
    };
  });
}
