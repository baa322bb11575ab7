import { describe, expect, it } from 'vitest';
import { isTypoCandidate, toPrefixTsQuery } from './textSearch.ts';

describe('toPrefixTsQuery', () => {
  it.each([
    ['react landing page', 'react & landing & page:*'],
    ['  React  ', 'react:*'],
    ['node.js api', 'node.js & api:*'],
    ['c++ and c#', 'cpp & and & cs:*'],
    ["a & b | !c ('d'):*", 'a & b & c & d:*'],
    ['&&& |||', null],
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(toPrefixTsQuery(input)).toBe(expected);
  });

  it('keeps at most 12 words', () => {
    expect(toPrefixTsQuery(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '))?.split(' & ')).toHaveLength(12);
  });
});

describe('isTypoCandidate', () => {
  it('is true for up to three words', () => {
    expect(isTypoCandidate('kubernets')).toBe(true);
    expect(isTypoCandidate('react landing page')).toBe(true);
    expect(isTypoCandidate('react landing page fast')).toBe(false);
  });
});
