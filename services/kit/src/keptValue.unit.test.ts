import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keptValue } from './keptValue.ts';

describe('keptValue', () => {
  beforeEach(() => void vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => void vi.useRealTimers());

  /** A read that answers 1, 2, 3… and counts its calls; `gate` holds its answers back until released. */
  const counter = () => {
    let n = 0;
    let gate: Promise<void> = Promise.resolve();
    let open = () => {};
    return {
      read: vi.fn(async () => {
        const value = ++n;
        await gate;
        return value;
      }),
      hold() {
        gate = new Promise((resolve) => {
          open = resolve;
        });
      },
      release: () => open(),
    };
  };

  it('reads once for every call within its time, one read for calls that arrive together', async () => {
    const source = counter();
    const kept = keptValue(source.read, 30_000);
    expect(await Promise.all([kept.get(), kept.get(), kept.get()])).toEqual([1, 1, 1]);
    vi.advanceTimersByTime(29_000);
    expect(await kept.get()).toBe(1);
    expect(source.read).toHaveBeenCalledTimes(1);
  });

  it('serves the expired value while the next is read, then the new one', async () => {
    const source = counter();
    const kept = keptValue(source.read, 30_000);
    await kept.get();
    vi.advanceTimersByTime(31_000);
    source.hold();
    expect(await kept.get()).toBe(1);
    expect(await kept.get()).toBe(1);
    source.release();
    await vi.waitFor(async () => expect(await kept.get()).toBe(2));
    expect(source.read).toHaveBeenCalledTimes(2);
  });

  it('reads afresh after an invalidation, and does not keep a read that overlapped it', async () => {
    const source = counter();
    const kept = keptValue(source.read, 30_000);
    await kept.get();
    kept.invalidate();
    source.hold();
    const during = kept.get();
    kept.invalidate();
    source.release();
    expect(await during).toBe(2);
    // The read began before the second change: the next call reads again.
    expect(await kept.get()).toBe(3);
  });
});
