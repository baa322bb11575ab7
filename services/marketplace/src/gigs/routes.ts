import { randomUUID } from 'node:crypto';
import { DASHBOARD_LIST_SIZES, marketplaceRoutes } from '@commonwork/contracts';
import { registerRoute, type ServiceContext, Unauthorized } from '@commonwork/kit';
import { sellerAnalytics } from '../orderNumbers/figures.ts';
import { gigViews, listGigs } from '../search/listGigs.ts';
import { type ListingCache, listingKey } from '../search/listingCache.ts';
import { trendingGigs } from '../search/trending.ts';
import type { MarketplaceTables } from '../tables.ts';
import { countView, viewerKey } from '../views/views.ts';
import { gigAggregate } from './aggregate.ts';
import { GigNotFound } from './decide.ts';
import { createdGigView, editedGigView, type GigView, presentGig } from './present.ts';

export function registerGigRoutes(ctx: ServiceContext<MarketplaceTables>, listings: ListingCache) {
  const { app, verifier, db } = ctx;
  const gigs = ctx.aggregate(gigAggregate);
  const trending = trendingGigs(db);
  /** This replica changed a gig: its own next reads see the change (trending and listings). */
  const changed = () => {
    trending.invalidate();
    listings.invalidate();
  };
  const listAnswer = marketplaceRoutes.listGigs.response[200];
  const byId = async (id: string, viewerId: string | null = null) =>
    (await gigViews(db, viewerId).where('gigs.id', '=', id).executeTakeFirst()) as GigView | undefined;

  registerRoute(app, verifier, marketplaceRoutes.listGigs, async ({ query, caller, reply }) => {
    if (query.favorites === 'true' && !caller) throw Unauthorized('Sign in to see your favorites');
    const callerId = caller?.sub ?? null;
    const { body } = await listings.get(listingKey(query, callerId), async () => {
      const { rows, pagination } = await listGigs(db, query, callerId);
      // Checked against the route's answer as the serializer would, once per read instead of once per answer.
      return JSON.stringify(listAnswer.encode({ success: true as const, gigs: rows.map(presentGig), pagination }));
    });
    // Fastify sends bytes as they are: the kept answer is neither parsed, written again nor encoded again.
    reply.type('application/json; charset=utf-8');
    return body as never;
  });

  registerRoute(app, verifier, marketplaceRoutes.trending, async ({ query }) => {
    const rows = await trending.top(query.limit ?? DASHBOARD_LIST_SIZES.trending);
    return { success: true as const, gigs: rows.map(presentGig) };
  });

  registerRoute(app, verifier, marketplaceRoutes.analytics, async ({ caller }) => {
    const data = await sellerAnalytics(db, caller.sub);
    return { success: true as const, data, ...data };
  });

  registerRoute(app, verifier, marketplaceRoutes.getGig, async ({ params, caller, request }) => {
    const row = await byId(params.id, caller?.sub ?? null);
    const isOwner = row?.owner_id === caller?.sub;
    if (!row || (row.status !== 'active' && !isOwner)) throw GigNotFound();
    // Once per person (or address) per day, so no one caller can move trending by asking again.
    if (!isOwner && (await countView(db, row.id, viewerKey(request, caller?.sub ?? null)))) row.views = Number(row.views ?? 0) + 1;
    return { success: true as const, gig: presentGig(row) };
  });

  // One write whose answer is declared to it: an Idempotency-Key is recorded with the gig, answer
  // included, so a replica killed once the gig is written still leaves its repeat an answer.
  registerRoute(
    app,
    verifier,
    marketplaceRoutes.createGig,
    async ({ body, caller, request, reply }) => {
      const gigId = randomUUID();
      const { status, draftId, ...fields } = body;
      const card = await db
        .selectFrom('freelancers')
        .select(['name', 'picture', 'location'])
        .where('user_id', '=', caller.sub)
        .executeTakeFirst();
      reply.status(201);
      const { answer } = await gigs.handle(
        gigId,
        { type: 'CreateGig', gigId, actorId: caller.sub, status, fields, fromDraftId: draftId },
        ctx.metadataFor(request, caller.sub),
        {
          answer: ({ events }) => ({
            success: true as const,
            gig: presentGig(createdGigView(events, card)),
            message: status === 'draft' ? 'Gig saved as draft!' : 'Gig published successfully!',
          }),
        },
      );
      changed();
      return answer;
    },
    { answeredByWrite: true },
  );

  // Answered from its write, as a creation is: the gig read before the edit, with what the edit decided.
  registerRoute(
    app,
    verifier,
    marketplaceRoutes.updateGig,
    async ({ params, body, caller, request }) => {
      // A draft id counts only on creation: an edited gig came from its own earlier version.
      const { status, draftId: _draftId, ...fields } = body;
      const before = await byId(params.id);
      const { answer, events } = await gigs.handle(
        params.id,
        { type: 'EditGig', actorId: caller.sub, status, fields },
        ctx.metadataFor(request, caller.sub),
        {
          answer: ({ events }) => {
            // The decider refused a gig that is not there; a row missing now was deleted meanwhile.
            if (!before) throw GigNotFound();
            return { success: true as const, gig: presentGig(editedGigView(before, events)), message: 'Gig updated successfully!' };
          },
        },
      );
      // An edit that changes nothing decides no event: the kept lists stay (trending would be ranked again).
      if (events.length > 0) changed();
      return answer;
    },
    { answeredByWrite: true },
  );

  registerRoute(app, verifier, marketplaceRoutes.deleteGig, async ({ params, caller, request }) => {
    await gigs.handle(params.id, { type: 'DeleteGig', actorId: caller.sub }, ctx.metadataFor(request, caller.sub));
    changed();
    await db.deleteFrom('gig_views').where('gig_id', '=', params.id).execute();
    await db.deleteFrom('gig_viewers').where('gig_id', '=', params.id).execute();
    return { success: true as const, message: 'Gig deleted successfully' };
  });
}
