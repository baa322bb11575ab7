import type { Logger } from './logger.ts';
import { metric, secondsSince } from './metrics.ts';

/**
 * Work a service does on a clock rather than on a request or an event (reminders that fall due,
 * digests to mail). A job keeps what it has done in its own tables and claims rows with
 * `for update skip locked`, so replicas may run it side by side and a restart neither loses nor
 * repeats work; the runner only paces it.
 */
export interface ServiceJob<Context> {
  name: string;
  /** Pause between the end of one run and the start of the next. */
  everyMs: number;
  /** One pass over what is due; resolves when done. Throwing is logged and retried on the next tick. */
  run: (ctx: Context) => Promise<unknown>;
}

export interface RunningJob {
  /** Runs the job now (at most one run at a time); resolves when that run has finished. */
  runNow: () => Promise<void>;
  stop: () => Promise<void>;
}

/** Runs a job every `everyMs` until stopped; a stop waits for the run in progress. */
export function startJob<Context>(job: ServiceJob<Context>, ctx: Context, log: Logger, service = 'unknown'): RunningJob {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const runOnce = (): Promise<void> => {
    const started = performance.now();
    const measured = (outcome: 'ok' | 'failed') => metric.jobDuration.record(secondsSince(started), { service, job: job.name, outcome });
    running ??= job
      .run(ctx)
      .then(
        () => measured('ok'),
        (error: unknown) => {
          measured('failed');
          log.error({ err: error, job: job.name }, 'job failed');
        },
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void runOnce().then(schedule), job.everyMs);
    timer.unref();
  };
  schedule();

  return {
    runNow: async () => {
      // A run already under way may have read its rows before the caller's write: run once more after it.
      if (running) await running;
      await runOnce();
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
