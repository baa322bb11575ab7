import { AppError } from '@commonwork/kit';
import { describe, expect, it } from 'vitest';
import { jobPool } from './pool.ts';

describe('jobPool', () => {
  it('runs one job at a time in order, holds the queue it is given and refuses one more with BUSY', async () => {
    const run = jobPool({ concurrency: 1, queueLimit: 2 });
    const log: string[] = [];
    let release = () => {};
    const first = run(async () => {
      log.push('first starts');
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      log.push('first ends');
    });
    const second = run(async () => log.push('second'));
    const third = run(async () => log.push('third'));
    const refused = await run(async () => 'ran').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(503);
    expect(log).toEqual(['first starts']);
    release();
    await Promise.all([first, second, third]);
    expect(log).toEqual(['first starts', 'first ends', 'second', 'third']);
    // A failed job gives its slot back.
    await expect(run(async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await run(async () => 'after')).toBe('after');
  });
});
