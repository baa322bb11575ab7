import { afterEach, describe, expect, it, vi } from 'vitest';
import { startJob } from './jobs.ts';
import { createLogger } from './logger.ts';

const log = createLogger('test', 'silent');

/** A job whose runs wait until the test lets them finish. */
function gatedJob() {
  const runs: Array<() => void> = [];
  const job = {
    name: 'gated',
    everyMs: 1000,
    run: () =>
      new Promise<void>((resolve) => {
        runs.push(resolve);
      }),
  };
  return { job, runs };
}

describe('startJob', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs on its clock, the next run counted from the end of the last', async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => undefined);
    const running = startJob({ name: 'tick', everyMs: 1000, run }, {}, log);
    await vi.advanceTimersByTimeAsync(999);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(run).toHaveBeenCalledTimes(3);
    await running.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('never runs twice at once: runNow during a run waits for it, then runs once more', async () => {
    vi.useFakeTimers();
    const { job, runs } = gatedJob();
    const running = startJob(job, {}, log);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toHaveLength(1);

    let done = false;
    const now = running.runNow().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(1);
    runs[0]?.();
    await vi.advanceTimersByTimeAsync(0);
    // The run the caller asked for starts only after the one under way.
    expect(runs).toHaveLength(2);
    expect(done).toBe(false);
    runs[1]?.();
    await now;
    expect(done).toBe(true);
    await running.stop();
  });

  it('logs a failed run and tries again on the next tick', async () => {
    vi.useFakeTimers();
    const run = vi.fn().mockRejectedValueOnce(new Error('smtp down')).mockResolvedValue(undefined);
    const error = vi.spyOn(log, 'error');
    const running = startJob({ name: 'flaky', everyMs: 100, run }, {}, log);
    await vi.advanceTimersByTimeAsync(100);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ job: 'flaky' }), 'job failed');
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(2);
    await running.stop();
  });

  it('stop waits for the run under way', async () => {
    const { job, runs } = gatedJob();
    const running = startJob(job, {}, log);
    const now = running.runNow();
    let stopped = false;
    const stopping = running.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stopped).toBe(false);
    runs[0]?.();
    await Promise.all([now, stopping]);
    expect(stopped).toBe(true);
  });
});
