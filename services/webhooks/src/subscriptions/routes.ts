import { randomBytes, randomUUID } from 'node:crypto';
import { webhooksRoutes } from '@commonwork/contracts';
import { registerRoute, type ServiceContext, ValidationFailed } from '@commonwork/kit';
import { sql } from 'kysely';
import type { WebhooksTables } from '../tables.ts';
import { webhookAggregate } from './aggregate.ts';
import { WebhookNotFound } from './decide.ts';
import { presentWebhook } from './present.ts';
import { type UrlRule, urlProblem } from './url.ts';

/** The signing secret: Standard Webhooks' `whsec_` and the base64 of 32 random bytes. */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export interface SubscriptionRoutesOptions {
  urlRule: UrlRule;
  now: () => Date;
}

/** POST, GET, PATCH and DELETE /api/webhooks: a person's subscriptions, each decided on its stream. */
export function registerSubscriptionRoutes(ctx: ServiceContext<WebhooksTables>, options: SubscriptionRoutesOptions) {
  const { app, verifier, db } = ctx;
  const webhooks = ctx.aggregate(webhookAggregate);

  /** The caller's webhook; another's or none, not found. */
  const mine = async (id: string, ownerId: string) => {
    const row = await db.selectFrom('webhooks').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
    if (!row) throw WebhookNotFound();
    return row;
  };

  const checkUrl = (url: string) => {
    const problem = urlProblem(url, options.urlRule);
    if (problem) throw ValidationFailed(problem, [{ field: 'url', message: problem }]);
  };

  registerRoute(app, verifier, webhooksRoutes.create, async ({ body, caller, request, reply }) => {
    checkUrl(body.url);
    const webhookId = randomUUID();
    const secret = newSecret();
    const { count } = await db
      .selectFrom('webhooks')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('owner_id', '=', caller.sub)
      .executeTakeFirstOrThrow();
    await webhooks.handle(
      webhookId,
      {
        type: 'Create',
        webhookId,
        ownerId: caller.sub,
        url: body.url,
        events: body.events,
        description: body.description,
        secret,
        owned: count,
        at: options.now(),
      },
      ctx.metadataFor(request, caller.sub),
    );
    reply.status(201);
    return { success: true as const, webhook: presentWebhook(await mine(webhookId, caller.sub)), secret };
  });

  registerRoute(app, verifier, webhooksRoutes.list, async ({ caller }) => {
    const rows = await db
      .selectFrom('webhooks')
      .selectAll()
      .where('owner_id', '=', caller.sub)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return { success: true as const, webhooks: rows.map(presentWebhook) };
  });

  registerRoute(app, verifier, webhooksRoutes.get, async ({ params, caller }) => ({
    success: true as const,
    webhook: presentWebhook(await mine(params.id, caller.sub)),
  }));

  registerRoute(app, verifier, webhooksRoutes.update, async ({ params, body, caller, request }) => {
    if (body.url !== undefined) checkUrl(body.url);
    await webhooks.handle(
      params.id,
      {
        type: 'Update',
        callerId: caller.sub,
        ...(body.url !== undefined && { url: body.url }),
        ...(body.events !== undefined && { events: body.events }),
        ...(body.description !== undefined && { description: body.description }),
        ...(body.enabled !== undefined && { enabled: body.enabled }),
        at: options.now(),
      },
      ctx.metadataFor(request, caller.sub),
    );
    return { success: true as const, webhook: presentWebhook(await mine(params.id, caller.sub)) };
  });

  registerRoute(app, verifier, webhooksRoutes.remove, async ({ params, caller, request }) => {
    await webhooks.handle(params.id, { type: 'Delete', callerId: caller.sub, at: options.now() }, ctx.metadataFor(request, caller.sub));
    return { success: true as const, message: 'Webhook deleted' };
  });
}
