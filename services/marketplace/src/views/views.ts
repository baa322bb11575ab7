import { createHash } from 'node:crypto';
import { clientAddressOf, type ServiceContext, type ServiceJob, subscriberOf } from '@commonwork/kit';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { MarketplaceTables } from '../tables.ts';

/**
 * Who a view is from: the signed-in person, else the address they came from (an IPv6 /64 as one),
 * hashed: the key only has to tell viewers apart for a day, never to say who they were.
 */
export function viewerKey(request: FastifyRequest, callerId: string | null): string {
  return callerId ? personViewerKey(callerId) : hashed(`address:${subscriberOf(clientAddressOf(request) ?? 'unknown')}`);
}

/** A signed-in person's viewer key: what forgetting them removes (an address's key cannot be traced back to them). */
export const personViewerKey = (personId: string) => hashed(`person:${personId}`);

const hashed = (who: string) => createHash('sha256').update(who).digest('base64url').slice(0, 22);

/** Today in UTC, the day a view counts for. */
const today = sql<string>`(now() at time zone 'utc')::date`;

/**
 * Counts a view of a gig once per viewer per UTC day: the viewer's row for the gig is written, or
 * moved to today when it was of an earlier day, and only then does the gig's count grow. One
 * statement, so two requests at once from one viewer count once. Answers whether it counted.
 */
export async function countView(db: Kysely<MarketplaceTables>, gigId: string, viewer: string): Promise<boolean> {
  const counted = await db
    .with('seen', (qb) =>
      qb
        .insertInto('gig_viewers')
        .values({ gig_id: gigId, viewer, day: today })
        .onConflict((oc) =>
          oc
            .columns(['gig_id', 'viewer'])
            .doUpdateSet({ day: (eb) => eb.ref('excluded.day') })
            .where('gig_viewers.day', '<', (eb) => eb.ref('excluded.day')),
        )
        .returning('gig_id'),
    )
    .insertInto('gig_views')
    .columns(['gig_id', 'views'])
    .expression((eb) => eb.selectFrom('seen').select(['seen.gig_id', sql<number>`1`.as('views')]))
    .onConflict((oc) => oc.column('gig_id').doUpdateSet({ views: sql<number>`gig_views.views + 1` }))
    .returning('gig_id')
    .execute();
  return counted.length > 0;
}

/** Forgets who viewed what before yesterday: a row of an earlier day counts as no row. */
export const forgetOldViewers: ServiceJob<ServiceContext<MarketplaceTables>> = {
  name: 'forget-old-viewers',
  everyMs: 60 * 60 * 1000,
  run: (ctx) => ctx.db.deleteFrom('gig_viewers').where('day', '<', sql<string>`(now() at time zone 'utc')::date - 1`).execute(),
};
