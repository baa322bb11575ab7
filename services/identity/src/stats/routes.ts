import { identityRoutes } from '@commonwork/contracts';
import { Forbidden, registerRoute, type ServiceContext } from '@commonwork/kit';
import type { IdentityTables } from '../tables.ts';
import { UserNotFound } from '../users/decide.ts';
import { statsOf } from './figures.ts';
import { keptTopFreelancers } from './keptTopFreelancers.ts';
import { platformFigures } from './platformFigures.ts';

/** Statistics (spec 000 §6), top freelancers (§2 dashboard) and the platform's figures, read from the statistics read model. */
export function registerStatsRoutes(ctx: ServiceContext<IdentityTables>) {
  const { app, verifier, db } = ctx;

  // A person's figures are theirs: how much they message is nobody else's business.
  const statsFor = async (id: string, callerId: string) => {
    if (id !== callerId) throw Forbidden('You can only see your own statistics');
    const stats = await statsOf(db, id);
    if (!stats) throw UserNotFound();
    return { success: true as const, stats, lastUpdated: new Date().toISOString() };
  };
  registerRoute(app, verifier, identityRoutes.userStats, ({ params, caller }) => statsFor(params.id, caller.sub));
  // The read model is live: a refresh reads it again now.
  registerRoute(app, verifier, identityRoutes.refreshUserStats, ({ params, caller }) => statsFor(params.id, caller.sub));

  registerRoute(app, verifier, identityRoutes.platformFigures, async () => ({
    success: true as const,
    figures: await platformFigures(db),
  }));

  // A public list: everyone in it, yourself included, as strangers see them (no preferences, no hidden email).
  const top = keptTopFreelancers(db);
  registerRoute(app, verifier, identityRoutes.topFreelancers, async ({ query, reply }) => {
    // Fastify sends the kept bytes as they are: neither read, presented nor encoded again.
    reply.type('application/json; charset=utf-8');
    return (await top(query.limit)) as never;
  });
}
