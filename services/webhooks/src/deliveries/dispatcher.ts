import { WEBHOOK_LIMITS, WEBHOOK_PING_TYPE } from '@commonwork/contracts';
import { metric, type ServiceContext, type ServiceJob } from '@commonwork/kit';
import { sql } from 'kysely';
import { disableWebhook } from '../subscriptions/disable.ts';
import type { DeliveryBody, WebhooksTables } from '../tables.ts';
import { onDeliveriesRung } from './bell.ts';
import { afterAttempt, failedTooLong } from './schedule.ts';
import { type AttemptResult, type SendPolicy, sendDelivery } from './send.ts';
import { withDispatchColumns } from './tables.ts';

export interface DispatcherOptions {
  policy: SendPolicy;
  /** The clock deliveries are due, retried and disabled by (tests move it); the signature's timestamp is the real time. */
  now: () => Date;
  /** Calls in flight at once, over every webhook (one per webhook at a time); default 64. */
  concurrency?: number;
  /**
   * How often another replica's new deliveries are looked for after a pass that found some; default
   * 100 ms, doubling while passes find nothing up to 2 s (the bell wakes it for this process's own).
   */
  pollMs?: number;
  /** Tells the sender's result before it is recorded (tests). */
  onAttempt?: (deliveryId: string, result: AttemptResult) => void;
}

type Context = ServiceContext<WebhooksTables>;

/** A claimed delivery with what sending it needs. */
interface Claimed {
  id: string;
  webhook_id: string;
  type: string;
  body: DeliveryBody;
  attempts: number;
  round_start: number;
  url: string;
  secret: string;
  failing_since: Date | null;
}

/**
 * The body as sent: `{type, timestamp, data}` in that order (jsonb keeps its own key order), the
 * same bytes on every attempt.
 */
export const payloadOf = (body: DeliveryBody) => JSON.stringify({ type: body.type, timestamp: body.timestamp, data: body.data });

/**
 * The dispatcher, as a kit job. Each webhook's deliveries go in order: only its oldest open
 * delivery (pending or retrying, lowest `seq`) is attempted, when due, and the later ones wait behind
 * it until it succeeds or fails for good (head of line). Pings are checks of the receiver, outside
 * the order. A replica claims a delivery by setting its lease (`claimed_until`) with a
 * compare-and-set, so two replicas never attempt one together and no transaction is held during
 * the call; a replica that dies mid-call leaves the lease to end and the delivery is attempted
 * again (at least once). Runs continuously: a pass, then a wait for the bell or `pollMs`.
 */
/** The slowest look for due deliveries when passes find none. */
const IDLE_POLL_MS = 2_000;

export function deliveriesJob(options: DispatcherOptions): ServiceJob<Context> {
  const concurrency = options.concurrency ?? 64;
  const pollMs = options.pollMs ?? 100;
  // The lease outlasts any call (the sender's timeout covers it whole). Leases are on the database's
  // clock, the one clock every replica shares; what is due is on the service's (tests move it).
  const leaseMs = (options.policy.timeoutMs ?? WEBHOOK_LIMITS.timeoutMs) + 30_000;
  let rung = false;
  let wake: (() => void) | null = null;
  let idleMs = pollMs;
  const ring = () => {
    rung = true;
    wake?.();
  };
  let listening = false;

  const claim = async (ctx: Context, limit: number): Promise<Claimed[]> => {
    const at = options.now();
    const D = sql.table(`${ctx.name}.webhook_deliveries`);
    const W = sql.table(`${ctx.name}.webhooks`);
    const { rows } = await sql<Claimed>`
      update ${D} d set claimed_until = now() + ${leaseMs}::int * interval '1 millisecond'
      from (
        select id, claimed_until from (
          select h.id, h.claimed_until, h.next_attempt_at
          from ${W} w
          cross join lateral (
            select o.id, o.claimed_until, o.next_attempt_at from ${D} o
            where o.webhook_id = w.id and o.status in ('pending', 'retrying') and o.type <> ${WEBHOOK_PING_TYPE}
            order by o.seq limit 1
          ) h
          where w.enabled and h.next_attempt_at <= ${at} and (h.claimed_until is null or h.claimed_until <= now())
          union all
          select id, claimed_until, next_attempt_at from ${D}
          where status in ('pending', 'retrying') and type = ${WEBHOOK_PING_TYPE}
            and next_attempt_at <= ${at} and (claimed_until is null or claimed_until <= now())
        ) due
        order by next_attempt_at
        limit ${limit}
      ) c, ${W} w
      where d.id = c.id and w.id = d.webhook_id and d.status in ('pending', 'retrying')
        and d.claimed_until is not distinct from c.claimed_until
      returning d.id, d.webhook_id, d.type, d.body, d.attempts, d.round_start, w.url, w.secret, w.failing_since`.execute(ctx.db);
    return rows.map((row) => ({ ...row, body: typeof row.body === 'string' ? JSON.parse(row.body) : row.body }));
  };

  /** The next open delivery of one webhook, claimed when it is due: what goes right after its head ended. */
  const claimNextOf = async (ctx: Context, webhookId: string): Promise<Claimed | undefined> => {
    const at = options.now();
    const D = sql.table(`${ctx.name}.webhook_deliveries`);
    const W = sql.table(`${ctx.name}.webhooks`);
    const { rows } = await sql<Claimed>`
      update ${D} d set claimed_until = now() + ${leaseMs}::int * interval '1 millisecond'
      from (
        select o.id, o.claimed_until, o.next_attempt_at from ${D} o
        where o.webhook_id = ${webhookId} and o.status in ('pending', 'retrying') and o.type <> ${WEBHOOK_PING_TYPE}
        order by o.seq limit 1
      ) h, ${W} w
      where d.id = h.id and w.id = d.webhook_id and w.enabled and d.status in ('pending', 'retrying')
        and h.next_attempt_at <= ${at} and (h.claimed_until is null or h.claimed_until <= now())
        and d.claimed_until is not distinct from h.claimed_until
      returning d.id, d.webhook_id, d.type, d.body, d.attempts, d.round_start, w.url, w.secret, w.failing_since`.execute(ctx.db);
    const row = rows[0];
    return row && { ...row, body: typeof row.body === 'string' ? JSON.parse(row.body) : row.body };
  };

  /** Attempts a claimed delivery, then, while each ends for good, the next of its webhook (in the same slot). */
  const attemptInTurn = async (ctx: Context, first: Claimed) => {
    let delivery: Claimed | undefined = first;
    while (delivery) {
      const ended = await attempt(ctx, delivery);
      delivery = ended ? await claimNextOf(ctx, delivery.webhook_id) : undefined;
    }
  };

  /** One attempt, recorded; whether the webhook's line moved on (the head ended: succeeded or failed for good). */
  const attempt = async (ctx: Context, delivery: Claimed): Promise<boolean> => {
    const db = withDispatchColumns(ctx.db);
    const result = await sendDelivery(
      { url: delivery.url, secret: delivery.secret, id: delivery.id, payload: payloadOf(delivery.body), at: new Date() },
      options.policy,
    );
    options.onAttempt?.(delivery.id, result);
    const outcome = result.ok ? 'ok' : result.status === null ? 'no_answer' : 'error_status';
    metric.webhookDelivery.record(result.durationMs / 1000, { outcome });
    const at = options.now();
    const next = afterAttempt(result.ok, delivery.attempts + 1 - delivery.round_start, delivery.type, at);
    await db
      .updateTable('webhook_deliveries')
      .set({
        status: next.status,
        attempts: delivery.attempts + 1,
        response_status: result.status,
        duration_ms: result.durationMs,
        response: result.response,
        last_attempt_at: at,
        next_attempt_at: next.nextAttemptAt,
        claimed_until: null,
      })
      .where('id', '=', delivery.id)
      .execute();
    if (delivery.type === WEBHOOK_PING_TYPE) return false;
    if (result.ok) {
      if (delivery.failing_since) {
        await db.updateTable('webhooks').set({ failing_since: null }).where('id', '=', delivery.webhook_id).execute();
      }
      return true;
    }
    const webhook = await db
      .updateTable('webhooks')
      .set({ failing_since: sql`coalesce(failing_since, ${at})` })
      .where('id', '=', delivery.webhook_id)
      .returning(['failing_since', 'enabled'])
      .executeTakeFirst();
    if (webhook?.enabled && webhook.failing_since && failedTooLong(webhook.failing_since, at)) {
      const since = webhook.failing_since;
      const disabled = await disableWebhook(ctx, delivery.webhook_id, {
        reason: `Its deliveries failed for ${WEBHOOK_LIMITS.disableAfterMs / 86_400_000} days without a success (since ${since.toISOString()})`,
        failingSince: since,
        at,
      });
      if (disabled) ctx.log.warn({ webhookId: delivery.webhook_id, failingSince: since }, 'webhook disabled after failing deliveries');
      return false;
    }
    return next.status === 'failed';
  };

  /** Attempts every due delivery, `concurrency` at once, claiming the next behind each as it ends; answers how many. */
  const drain = async (ctx: Context) => {
    const inflight = new Set<Promise<void>>();
    let attempted = 0;
    for (;;) {
      rung = false;
      const free = concurrency - inflight.size;
      const claimed = free > 0 ? await claim(ctx, free) : [];
      attempted += claimed.length;
      for (const delivery of claimed) {
        const running: Promise<void> = attemptInTurn(ctx, delivery)
          .catch((error: unknown) => ctx.log.error({ err: error, deliveryId: delivery.id }, 'webhook delivery not recorded'))
          .finally(() => inflight.delete(running));
        inflight.add(running);
      }
      if (inflight.size === 0) {
        // Nothing in flight: rung meanwhile, look again at once; else done.
        if (rung) continue;
        return attempted;
      }
      if (claimed.length === 0 || inflight.size >= concurrency) {
        await Promise.race([...inflight, new Promise<void>((resolve) => (wake = resolve))]);
        wake = null;
      }
    }
  };

  return {
    name: 'webhook-deliveries',
    everyMs: 1,
    run: async (ctx) => {
      // The bell of this process: deliveries committed here go out at once.
      if (!listening) {
        listening = true;
        onDeliveriesRung(() => {
          ring();
          // A bell rung inside the transaction that makes them: look again once it has committed.
          setTimeout(ring, 20).unref();
        });
      }
      const attempted = await drain(ctx);
      // An idle replica looks less and less often for what another replica or the clock made due.
      idleMs = attempted > 0 ? pollMs : Math.min(idleMs * 2, IDLE_POLL_MS);
      if (!rung) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, idleMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
      await drain(ctx);
    },
  };
}
