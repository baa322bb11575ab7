import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type AccessClaims, INCOMING_HOOKS, type IncomingWebhook, messagingRoutes } from '@commonwork/contracts';
import { createError, Forbidden, registerRoute, type ServiceContext } from '@commonwork/kit';
import { sql } from 'kysely';
import { channelAggregate } from '../channels/aggregate.ts';
import { ChannelNotFound } from '../channels/decide.ts';
import { mentionableMembers } from '../channels/mentions.ts';
import type { MessagingConfig } from '../config.ts';
import type { MessagingDb, MessagingTables } from '../tables.ts';
import { incomingHookAggregate } from './aggregate.ts';
import { HookNotFound } from './decide.ts';

const HookRateLimited = createError('RATE_LIMITED', 'Too many posts through this webhook', 429);

/** The hash a token is found by; the token itself is never stored. */
export const hashHookToken = (token: string) => createHash('sha256').update(token).digest('hex');

const urlHintOf = (hint: string) => `${INCOMING_HOOKS.pathPrefix}${INCOMING_HOOKS.tokenPrefix}…${hint}`;

type HookRow = {
  id: string;
  channel_id: string;
  name: string;
  token_hint: string;
  created_by: string;
  created_at: Date;
  creator_name: string | null;
  last_used_at: Date | null;
};

function presentHook(row: HookRow): IncomingWebhook {
  return {
    id: row.id,
    channelId: row.channel_id,
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: { _id: row.created_by, name: row.creator_name ?? 'Member' },
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    urlHint: urlHintOf(row.token_hint),
  };
}

/** A channel's hooks as its admins see them (revoked ones included only when `withRevoked`). */
function hooksQuery(db: MessagingDb) {
  return db
    .selectFrom('incoming_hooks')
    .leftJoin('people', 'people.user_id', 'incoming_hooks.created_by')
    .leftJoin('incoming_hook_usage', 'incoming_hook_usage.hook_id', 'incoming_hooks.id')
    .select([
      'incoming_hooks.id',
      'incoming_hooks.channel_id',
      'incoming_hooks.name',
      'incoming_hooks.token_hint',
      'incoming_hooks.created_by',
      'incoming_hooks.created_at',
      'people.name as creator_name',
      'incoming_hook_usage.last_used_at',
    ]);
}

/**
 * Incoming webhooks (Slack's habit): a channel's admins make, list and revoke them; a POST to a
 * hook's secret URL posts into its channel through the channel's own stream, so the message is
 * live, counted and mentions notify like any other. Who administers a channel is messaging's rule
 * (its creator), and the platform's admins (ADMIN_EMAILS, or an admin's token) too.
 */
export function registerIncomingHookRoutes(
  ctx: ServiceContext<MessagingTables>,
  config: Pick<MessagingConfig, 'CHANNEL_SEND_QUEUE'> & { adminEmails?: readonly string[] },
) {
  const { app, verifier, db } = ctx;
  const hooks = ctx.aggregate(incomingHookAggregate);
  const channels = ctx.aggregate({ ...channelAggregate, queueLimit: config.CHANNEL_SEND_QUEUE });
  const platformAdmins = new Set(config.adminEmails ?? []);
  const isPlatformAdmin = (caller: AccessClaims) => caller.role === 'admin' || platformAdmins.has(caller.email.toLowerCase());

  /** 404 when the caller may not read the channel (as if it did not exist); 403 when they may but do not administer it. */
  const assertAdministers = async (channelId: string, caller: AccessClaims) => {
    const row = await db
      .selectFrom('channels')
      .select((eb) => [
        'type',
        'creator_id',
        eb
          .exists(
            eb
              .selectFrom('channel_members')
              .whereRef('channel_members.channel_id', '=', 'channels.id')
              .where('channel_members.user_id', '=', caller.sub),
          )
          .as('is_member'),
      ])
      .where('id', '=', channelId)
      .executeTakeFirst();
    if (!row || (row.type === 'private' && !row.is_member)) throw ChannelNotFound();
    if (row.creator_id !== caller.sub && !isPlatformAdmin(caller)) throw Forbidden('Only channel admins can manage incoming webhooks');
  };

  const hookOf = async (hookId: string) => {
    const row = await hooksQuery(db).where('incoming_hooks.id', '=', hookId).executeTakeFirst();
    if (!row) throw HookNotFound();
    return presentHook(row);
  };

  registerRoute(app, verifier, messagingRoutes.listIncomingWebhooks, async ({ params, caller }) => {
    await assertAdministers(params.id, caller);
    const rows = await hooksQuery(db)
      .where('incoming_hooks.channel_id', '=', params.id)
      .where('incoming_hooks.revoked_at', 'is', null)
      .orderBy('incoming_hooks.created_at', 'desc')
      .execute();
    return { success: true as const, data: rows.map(presentHook) };
  });

  registerRoute(app, verifier, messagingRoutes.createIncomingWebhook, async ({ params, body, caller, request, reply }) => {
    await assertAdministers(params.id, caller);
    const hookId = randomUUID();
    // 30 random bytes: 40 characters of base64url after the prefix.
    const token = `${INCOMING_HOOKS.tokenPrefix}${randomBytes(30).toString('base64url')}`;
    await hooks.handle(
      hookId,
      {
        type: 'CreateHook',
        hookId,
        channelId: params.id,
        name: body.name,
        tokenHash: hashHookToken(token),
        tokenHint: token.slice(-4),
        actorId: caller.sub,
      },
      ctx.metadataFor(request, caller.sub),
    );
    reply.status(201);
    return { success: true as const, data: { hook: await hookOf(hookId), url: `${INCOMING_HOOKS.pathPrefix}${token}`, token } };
  });

  registerRoute(app, verifier, messagingRoutes.revokeIncomingWebhook, async ({ params, caller, request }) => {
    await assertAdministers(params.id, caller);
    await hooks.handle(
      params.hookId,
      { type: 'RevokeHook', channelId: params.id, actorId: caller.sub },
      ctx.metadataFor(request, caller.sub),
    );
    return { success: true as const, message: 'Webhook revoked', data: await hookOf(params.hookId) };
  });

  const intervalMs = 1000 / INCOMING_HOOKS.perSecond;
  const burstMs = intervalMs * INCOMING_HOOKS.burst;

  /**
   * Takes one post from the hook's budget, in one statement every replica shares (GCRA: the
   * time the next post is allowed moves one interval on per post, and may run at most a burst
   * ahead of now). Answers the milliseconds to wait when the budget is spent, else 0.
   */
  const spend = async (hookId: string): Promise<number> => {
    const step = sql`${`${intervalMs} milliseconds`}::interval`;
    const taken = await db
      .insertInto('incoming_hook_usage')
      .values({ hook_id: hookId, allowed_at: sql`now() + ${step}`, last_used_at: sql`now()` })
      .onConflict((oc) =>
        oc
          .column('hook_id')
          .doUpdateSet({ allowed_at: sql`greatest(incoming_hook_usage.allowed_at, now()) + ${step}`, last_used_at: sql`now()` })
          .where(sql<boolean>`greatest(incoming_hook_usage.allowed_at, now()) + ${step} <= now() + ${`${burstMs} milliseconds`}::interval`),
      )
      .returning('hook_id')
      .executeTakeFirst();
    if (taken) return 0;
    const row = await db
      .selectFrom('incoming_hook_usage')
      .select(sql<number>`extract(epoch from (allowed_at + ${step} - now())) * 1000`.as('wait'))
      .where('hook_id', '=', hookId)
      .executeTakeFirst();
    return Math.max(1, Number(row?.wait ?? intervalMs) - burstMs);
  };

  registerRoute(app, verifier, messagingRoutes.postIncomingWebhook, async ({ params, body, request, reply }) => {
    const hook = await db
      .selectFrom('incoming_hooks')
      .select(['id', 'channel_id', 'name', 'created_by'])
      .where('token_hash', '=', hashHookToken(params.token))
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!hook) throw HookNotFound();
    const waitMs = await spend(hook.id);
    if (waitMs > 0) {
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      reply.header('retry-after', String(seconds));
      throw HookRateLimited(`Too many posts through this webhook. Please try again in ${seconds} seconds.`);
    }
    const name = body.username ?? hook.name;
    const mentionable = await mentionableMembers(db, hook.channel_id, body.text);
    const { events } = await channels
      .handle(
        hook.channel_id,
        {
          type: 'PostMessage',
          actor: { userId: hook.id, name, email: '', picture: '' },
          messageId: randomUUID(),
          content: body.text,
          clientId: null,
          mentionable,
          app: { id: hook.id, name: hook.name, createdBy: hook.created_by },
        },
        ctx.metadataFor(request, hook.created_by),
      )
      .catch((error: unknown) => {
        // The channel the hook was made for is gone: the hook is, too.
        if (error instanceof Error && 'code' in error && error.code === 'CHANNEL_NOT_FOUND') throw HookGoneChannel();
        throw error;
      });
    const posted = events.find((e) => e.type === 'MessagePosted');
    if (!posted) throw new Error('PostMessage decided no MessagePosted');
    return { success: true as const, messageId: posted.data.messageId };
  });
}

const HookGoneChannel = createError('HOOK_GONE', 'This webhook’s channel no longer exists', 410);
