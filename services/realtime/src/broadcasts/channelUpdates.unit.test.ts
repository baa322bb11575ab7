import { createLogger } from '@commonwork/kit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ChannelUpdate, ChannelUpdates } from './channelUpdates.ts';

const general = '00000000-0000-4000-8000-000000000001';
const random = '00000000-0000-4000-8000-000000000002';

function buildUpdate(lastSequence: number, channelId = general): ChannelUpdate {
  return {
    channelId,
    lastSequence,
    messageCount: lastSequence,
    lastActivity: new Date(Date.UTC(2025, 0, 1, 12, 0, lastSequence)).toISOString(),
  };
}

describe('ChannelUpdates', () => {
  let emitted: ChannelUpdate[];
  let updates: ChannelUpdates;
  const log = createLogger('test', 'silent');
  const sequences = (channelId = general) => emitted.filter((u) => u.channelId === channelId).map((u) => u.lastSequence);

  beforeEach(() => {
    vi.useFakeTimers();
    emitted = [];
    updates = new ChannelUpdates({ emit: (update) => emitted.push(update), log, windowMs: 1_000 });
  });
  afterEach(() => {
    updates.close();
    vi.useRealTimers();
  });

  it('sends the first update after a quiet window at once', () => {
    updates.publish(buildUpdate(1));
    expect(emitted).toEqual([buildUpdate(1)]);
    vi.advanceTimersByTime(1_000);
    updates.publish(buildUpdate(2));
    expect(sequences()).toEqual([1, 2]);
  });

  it('holds the updates of an open window and sends only the latest when it ends', () => {
    updates.publish(buildUpdate(1));
    for (const sequence of [2, 3, 4]) updates.publish(buildUpdate(sequence));
    vi.advanceTimersByTime(999);
    expect(sequences()).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(emitted).toEqual([buildUpdate(1), buildUpdate(4)]);
  });

  it('keeps to one update per window while updates keep coming', () => {
    for (let sequence = 1; sequence <= 50; sequence++) {
      updates.publish(buildUpdate(sequence));
      vi.advanceTimersByTime(50); // 20 a second for 2.5 s
    }
    expect(sequences()).toEqual([1, 20, 40]);
    vi.advanceTimersByTime(1_000);
    expect(sequences()).toEqual([1, 20, 40, 50]);
    vi.advanceTimersByTime(5_000);
    expect(sequences()).toEqual([1, 20, 40, 50]);
  });

  it('never lets an older update replace a newer one', () => {
    updates.publish(buildUpdate(5));
    updates.publish(buildUpdate(4)); // older than the one sent: nothing to send at the window's end
    vi.advanceTimersByTime(1_000);
    expect(sequences()).toEqual([5]);

    vi.advanceTimersByTime(1_000);
    updates.publish(buildUpdate(6));
    updates.publish(buildUpdate(9));
    updates.publish(buildUpdate(7));
    updates.publish(buildUpdate(9));
    vi.advanceTimersByTime(1_000);
    expect(emitted.at(-1)).toEqual(buildUpdate(9));
    expect(sequences()).toEqual([5, 6, 9]);
  });

  it('throttles each channel on its own', () => {
    updates.publish(buildUpdate(1, general));
    updates.publish(buildUpdate(1, random));
    updates.publish(buildUpdate(2, general));
    expect(emitted).toEqual([buildUpdate(1, general), buildUpdate(1, random)]);
    vi.advanceTimersByTime(1_000);
    expect(sequences(general)).toEqual([1, 2]);
    expect(sequences(random)).toEqual([1]);
  });

  it('stops its timers on close and sends nothing after', () => {
    updates.publish(buildUpdate(1));
    updates.publish(buildUpdate(2, random));
    updates.publish(buildUpdate(3));
    expect(vi.getTimerCount()).toBe(2);
    updates.close();
    expect(vi.getTimerCount()).toBe(0);
    updates.publish(buildUpdate(4));
    vi.advanceTimersByTime(5_000);
    expect(emitted).toEqual([buildUpdate(1), buildUpdate(2, random)]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('logs a failed emit at the end of a window instead of throwing from the timer', () => {
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    const failing = new ChannelUpdates({
      emit: (update) => {
        if (update.lastSequence > 1) throw new Error('adapter down');
      },
      log,
    });
    failing.publish(buildUpdate(1));
    failing.publish(buildUpdate(2));
    expect(() => vi.advanceTimersByTime(1_000)).not.toThrow();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ channelId: general }), 'channel-updated failed');
    failing.close();
    warn.mockRestore();
  });
});
