import { z } from 'zod';

/** Identity's internal route that answers which signed-in sessions have ended; the gateway never proxies it (only /api is). */
export const ENDED_SESSIONS_PATH = '/internal/sessions/ended';

/** How old the list of ended sessions may be when a token is checked against it: what a sign-out waits for, at most. */
export const ENDED_SESSIONS_MAX_AGE_MS = 1_000;

/**
 * How far back each question reaches before the previous answer's time: a sign-out whose write
 * committed after an answer was read, but stamped before it, is still picked up by the next one.
 */
export const ENDED_SESSIONS_OVERLAP_MS = 30_000;

/** What a person is told when their session was signed out (here or on another device). */
export const SESSION_ENDED = 'You were signed out. Please sign in again.';

/**
 * Identity's answer: the sessions that ended after `after` (every one not yet expired when absent),
 * each with its token's expiry (ms), and identity's time of the answer, the next question's `after`.
 */
export const EndedSessionsAnswer = z.object({
  at: z.number(),
  ended: z.array(z.object({ sid: z.uuid(), expiresAt: z.number() })),
});
export type EndedSessionsAnswer = z.infer<typeof EndedSessionsAnswer>;
export const EndedSessionsQuery = z.object({ after: z.coerce.number().int().min(0).optional() });

/** The ids of signed-out sessions whose tokens have not yet expired, at most `ENDED_SESSIONS_MAX_AGE_MS` old. */
export interface EndedSessions {
  current(): Promise<ReadonlySet<string>>;
}

/** Asks identity for the sessions ended after `after` (all when undefined); throws when no replica answers. */
export type EndedSessionsSource = (after: number | undefined) => Promise<EndedSessionsAnswer>;

/**
 * Identity's internal route over HTTP, asking its replicas in turn until one answers. `identityUrls`
 * may be a function, for a platform whose identity starts after the verifier is made.
 */
export function remoteEndedSessionsSource(identityUrls: readonly string[] | (() => readonly string[])): EndedSessionsSource {
  const urlsOf = typeof identityUrls === 'function' ? identityUrls : () => identityUrls;
  return async (after) => {
    let cause: unknown;
    for (const url of urlsOf()) {
      try {
        const address = new URL(ENDED_SESSIONS_PATH, url);
        if (after !== undefined) address.searchParams.set('after', String(after));
        const res = await fetch(address, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return EndedSessionsAnswer.parse(await res.json());
        cause = new Error(`identity answered ${res.status}`);
      } catch (error) {
        cause = error;
      }
    }
    throw new Error('No identity replica answered about ended sessions', { cause });
  };
}

/**
 * The list of ended sessions every verifier checks a session's token against, kept fresh by asking
 * identity every half `maxAgeMs` while tokens are being checked (the answer only what changed since
 * the last one), so a sign-out is refused by every gateway, service and realtime replica within a
 * second at a cost that grows with neither requests nor sessions, and no request waits on identity.
 * The first check, and the first after `idleMs` without one, waits for an answer. While identity
 * cannot be asked the last list stands (as the cached key set does) and is asked for again.
 */
export function endedSessionsList(source: EndedSessionsSource, options: { maxAgeMs?: number; idleMs?: number } = {}): EndedSessions {
  const maxAgeMs = options.maxAgeMs ?? ENDED_SESSIONS_MAX_AGE_MS;
  const idleMs = options.idleMs ?? 30_000;
  // Each ended session's token expiry: past it the token is refused by its own expiry, so it is dropped.
  const ended = new Map<string, number>();
  const view = new Set<string>();
  let answeredAt: number | undefined;
  let asking: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  // The answer the first check after a start or a pause waits for; checks at the same moment wait for it too.
  let ready: Promise<void> = Promise.resolve();
  let lastUse = 0;

  const ask = () => {
    asking ??= (async () => {
      try {
        const answer = await source(answeredAt === undefined ? undefined : Math.max(0, answeredAt - ENDED_SESSIONS_OVERLAP_MS));
        for (const { sid, expiresAt } of answer.ended) ended.set(sid, expiresAt);
        answeredAt = answer.at;
      } catch {
        // Identity unreachable: the last list stands until the next question.
      }
      const now = Date.now();
      for (const [sid, expiresAt] of ended) if (expiresAt <= now) ended.delete(sid);
      view.clear();
      for (const sid of ended.keys()) view.add(sid);
    })().finally(() => {
      asking = null;
    });
    return asking;
  };

  const tick = () => {
    if (Date.now() - lastUse > idleMs && timer) {
      clearInterval(timer);
      timer = null;
      return;
    }
    void ask();
  };

  return {
    current: async () => {
      lastUse = Date.now();
      if (!timer) {
        timer = setInterval(tick, maxAgeMs / 2);
        timer.unref();
        ready = ask();
      }
      await ready;
      return view;
    },
  };
}
