import { identityRoutes } from '@commonwork/contracts';
import { Forbidden, registerRoute, type ServiceContext } from '@commonwork/kit';
import type { IdentityTables } from '../tables.ts';
import { presentUser } from './present.ts';
import type { Users } from './users.ts';

/**
 * Membership plans (spec 000 §1: basic is free, premium plans exist). Until plans are sold, a
 * platform admin grants or takes back premium: the admins are the emails in ADMIN_EMAILS, checked
 * against the signed-in caller's own, so a change of the list needs no new sign-in.
 */
export function registerPlanRoutes(ctx: ServiceContext<IdentityTables>, users: Users, adminEmails: readonly string[]) {
  const admins = new Set(adminEmails.map((email) => email.toLowerCase()));
  registerRoute(ctx.app, ctx.verifier, identityRoutes.changePlan, async ({ params, body, caller, request }) => {
    if (!admins.has(caller.email.toLowerCase())) throw Forbidden('Only a platform admin can change a plan');
    const row = await users.change(
      params.id,
      { type: 'ChangePlan', plan: body.plan, changedBy: caller.sub },
      ctx.metadataFor(request, caller.sub),
    );
    return { success: true as const, message: 'Plan updated', user: presentUser(row, caller.sub) };
  });
}
