import { identityRoutes } from '@commonwork/contracts';
import { Forbidden, registerRoute, type ServiceContext } from '@commonwork/kit';
import type { IdentityTables } from '../tables.ts';
import { UserNotFound } from '../users/decide.ts';
import { presentUser } from '../users/present.ts';
import { statsOf } from './figures.ts';
import { platformFigures } from './platformFigures.ts';
import { topFreelancers } from './topFreelancers.ts';

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
  registerRoute(app, verifier, identityRoutes.topFreelancers, async ({ query }) => {
    const rows = await topFreelancers(db, query.limit);
    return {
      success: true as const,
      users: rows.map((row) => ({ ...presentUser(row, null), activeGigs: row.active_gigs })),
    };
  });
}
