import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENDED_SESSIONS_OVERLAP_MS, type EndedSessionsAnswer, endedSessionsList } from './sessions.ts';

/** Identity's answers as a list of sign-outs, each at a time; `down` makes it unreachable. */
function identity() {
  const ended: { sid: string; at: number; expiresAt: number }[] = [];
  const questions: (number | undefined)[] = [];
  const answeredAt: number[] = [];
  let down = false;
  return {
    ended,
    questions,
    answeredAt,
    setDown: (value: boolean) => {
      down = value;
    },
    source: async (after: number | undefined): Promise<EndedSessionsAnswer> => {
      questions.push(after);
      if (down) throw new Error('unreachable');
      const at = Date.now();
      answeredAt.push(at);
      return {
        at,
        ended: ended
          .filter((e) => (after === undefined || e.at > after) && e.expiresAt > at)
          .map(({ sid, expiresAt }) => ({ sid, expiresAt })),
      };
    },
  };
}

describe('the list of ended sessions a verifier keeps', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('waits for identity on its first check, then learns of a sign-out within a second without a check waiting', async () => {
    const id = identity();
    const old = randomUUID();
    id.ended.push({ sid: old, at: Date.now() - 60_000, expiresAt: Date.now() + 3_600_000 });
    const list = endedSessionsList(id.source);
    // Two checks at the same moment both wait for the first answer.
    const [a, b] = await Promise.all([list.current(), list.current()]);
    expect([a.has(old), b.has(old)]).toEqual([true, true]);
    expect(id.questions).toEqual([undefined]);

    const signedOut = randomUUID();
    id.ended.push({ sid: signedOut, at: Date.now(), expiresAt: Date.now() + 3_600_000 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await list.current()).has(signedOut)).toBe(true);
    // Each later question reaches back before the previous answer, for writes that committed late.
    expect(id.questions.length).toBeGreaterThan(1);
    expect(id.questions.slice(1)).toEqual(id.answeredAt.slice(0, -1).map((at) => at - ENDED_SESSIONS_OVERLAP_MS));
  });

  it('drops a session once its token has expired, and keeps the last list while identity cannot be asked', async () => {
    const id = identity();
    const soon = randomUUID();
    const later = randomUUID();
    id.ended.push({ sid: soon, at: Date.now(), expiresAt: Date.now() + 2_000 });
    id.ended.push({ sid: later, at: Date.now(), expiresAt: Date.now() + 3_600_000 });
    const list = endedSessionsList(id.source);
    expect([...(await list.current())].sort()).toEqual([soon, later].sort());

    id.setDown(true);
    await vi.advanceTimersByTimeAsync(3_000);
    // Unreachable: the last list stands, less what expired meanwhile.
    expect([...(await list.current())]).toEqual([later]);
  });

  it('stops asking after a pause without checks, and the next check waits for a fresh answer', async () => {
    const id = identity();
    const list = endedSessionsList(id.source, { idleMs: 5_000 });
    await list.current();
    await vi.advanceTimersByTimeAsync(10_000);
    const asked = id.questions.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(id.questions.length).toBe(asked);

    const signedOut = randomUUID();
    id.ended.push({ sid: signedOut, at: Date.now(), expiresAt: Date.now() + 3_600_000 });
    expect((await list.current()).has(signedOut)).toBe(true);
  });
});
