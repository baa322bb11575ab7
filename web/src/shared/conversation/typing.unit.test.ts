import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { t } from './locales/index.ts';
import { TYPING_SHOWN_FOR_MS, Typists, typingPhrase, typingThrottle } from './typing.ts';

const say = (names: string[]) => {
  const phrase = typingPhrase(names);
  return phrase && t(phrase.id, phrase.values);
};

describe('the typing line', () => {
  it('names one typist, then two, then says several (issue 29’s words)', () => {
    expect(say([])).toBeNull();
    expect(say(['Ada'])).toBe('Ada is typing…');
    expect(say(['Ada', 'Bo'])).toBe('Ada and Bo are typing…');
    expect(say(['Ada', 'Bo', 'Cy'])).toBe('Several people are typing…');
    expect(say(['Ada', 'Bo', 'Cy', 'Di'])).toBe('Several people are typing…');
  });
});

describe('who is shown typing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const board = () => {
    const heard: string[][] = [];
    const typists = new Typists((names) => heard.push(names));
    return { typists, heard, last: () => heard.at(-1) ?? [] };
  };

  it('shows a typist for 5 s after their last event, each renewal starting the 5 s again', () => {
    const { typists, last } = board();
    typists.started('ada', 'Ada');
    expect(last()).toEqual(['Ada']);
    vi.advanceTimersByTime(TYPING_SHOWN_FOR_MS - 1_000);
    typists.started('ada', 'Ada');
    vi.advanceTimersByTime(TYPING_SHOWN_FOR_MS - 1);
    expect(last()).toEqual(['Ada']);
    vi.advanceTimersByTime(1);
    expect(last()).toEqual([]);
  });

  it('keeps the order people started in, and lets each expire on their own', () => {
    const { typists, last } = board();
    typists.started('ada', 'Ada');
    vi.advanceTimersByTime(2_000);
    typists.started('bo', 'Bo');
    typists.started('ada', 'Ada');
    expect(last()).toEqual(['Ada', 'Bo']);
    vi.advanceTimersByTime(TYPING_SHOWN_FOR_MS);
    expect(last()).toEqual([]);
    typists.started('bo', 'Bo');
    typists.started('ada', 'Ada');
    vi.advanceTimersByTime(3_000);
    typists.started('ada', 'Ada');
    vi.advanceTimersByTime(2_000);
    expect(last()).toEqual(['Ada']);
  });

  it('removes a typist at once when their message arrives', () => {
    const { typists, last } = board();
    typists.started('ada', 'Ada');
    typists.started('bo', 'Bo');
    typists.stopped('ada');
    expect(last()).toEqual(['Bo']);
    // Their old timer no longer fires into a new round of typing.
    typists.started('ada', 'Ada');
    vi.advanceTimersByTime(TYPING_SHOWN_FOR_MS - 1);
    expect(last()).toEqual(['Bo', 'Ada']);
  });

  it('tells a renewal without a change only once, and forgets everyone on clear without firing later', () => {
    const { typists, heard } = board();
    typists.started('ada', 'Ada');
    typists.started('ada', 'Ada');
    expect(heard).toEqual([['Ada']]);
    typists.clear();
    vi.advanceTimersByTime(TYPING_SHOWN_FOR_MS * 2);
    expect(heard).toEqual([['Ada']]);
    expect(typists.names()).toEqual([]);
  });
});

describe('how often the composer says it is typing', () => {
  it('lets one through every 2 s at most while keys are pressed', () => {
    let now = 10_000;
    const due = typingThrottle(2_000, () => now);
    const sent = [];
    for (let i = 0; i < 50; i++) {
      if (due()) sent.push(now);
      now += 100;
    }
    expect(sent).toEqual([10_000, 12_000, 14_000]);
  });
});
