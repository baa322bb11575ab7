import { describe, expect, it } from 'vitest';
import { withoutChip } from './chips.ts';

describe('withoutChip', () => {
  it('removes the one chip', () => {
    expect(withoutChip(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });

  it('does not change the list it was given', () => {
    const chips = ['a', 'b'];
    withoutChip(chips, 'a');
    expect(chips).toEqual(['a', 'b']);
  });
});
