import { Busy } from '@commonwork/kit';

/**
 * Runs at most `concurrency` jobs at once in this process and holds at most `queueLimit` waiting; one
 * more is refused at once with 503 BUSY. A burst of uploads then decodes one after another, so the
 * memory they take is one job's, not the burst's, and libuv's threads stay free for everything else.
 */
export function jobPool({ concurrency, queueLimit }: { concurrency: number; queueLimit: number }) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(job: () => Promise<T>): Promise<T> {
    if (running < concurrency) running++;
    else {
      if (waiting.length >= queueLimit) throw Busy('Too many images are being processed at once. Please try again in a moment.');
      // The finishing job hands its slot straight to the first waiter, so `running` stays as it is.
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    try {
      return await job();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
