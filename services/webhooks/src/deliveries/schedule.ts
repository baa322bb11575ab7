import type { DeliveryStatus } from '@commonwork/contracts';
import { WEBHOOK_LIMITS, WEBHOOK_PING_TYPE } from '@commonwork/contracts';

/**
 * Where a delivery stands after an attempt: succeeded on a 2xx; otherwise retried after the
 * schedule's next wait (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), failed after the last. `tries` is
 * how many attempts this round has had, this one included. A ping is a check of the receiver: one attempt.
 */
export function afterAttempt(
  ok: boolean,
  tries: number,
  type: string,
  at: Date,
  delays: readonly number[] = WEBHOOK_LIMITS.retryDelaysMs,
): { status: DeliveryStatus; nextAttemptAt: Date | null } {
  if (ok) return { status: 'succeeded', nextAttemptAt: null };
  const wait = type === WEBHOOK_PING_TYPE ? undefined : delays[tries - 1];
  if (wait === undefined) return { status: 'failed', nextAttemptAt: null };
  return { status: 'retrying', nextAttemptAt: new Date(at.getTime() + wait) };
}

/** Whether a webhook failing since `since` has failed long enough to be disabled at `at`. */
export const failedTooLong = (since: Date, at: Date) => at.getTime() - since.getTime() >= WEBHOOK_LIMITS.disableAfterMs;
