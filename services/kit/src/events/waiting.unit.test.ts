import { describe, expect, it } from 'vitest';
import { Waiting } from './waiting.ts';

describe('messages waiting to be handled', () => {
  it('hands over what gathered while the handler was busy, oldest first, up to the most asked for', async () => {
    const waiting = new Waiting<number>(10);
    for (const n of [1, 2, 3]) void waiting.push(n);
    expect(await waiting.take(2)).toEqual([1, 2]);
    expect(await waiting.take(5)).toEqual([3]);
  });

  it('waits for the first item, and holds the receiver back while full', async () => {
    const waiting = new Waiting<number>(2);
    const taken = waiting.take(5);
    await waiting.push(1);
    expect(await taken).toEqual([1]);
    let pushed = false;
    void waiting.push(2);
    const third = waiting.push(3).then(() => (pushed = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pushed).toBe(false);
    expect(await waiting.take(1)).toEqual([2]);
    await third;
    expect(pushed).toBe(true);
  });

  it('returns what is left after the end, then nothing', async () => {
    const waiting = new Waiting<number>(5);
    void waiting.push(1);
    waiting.end();
    expect(await waiting.take(5)).toEqual([1]);
    expect(await waiting.take(5)).toEqual([]);
  });
});
