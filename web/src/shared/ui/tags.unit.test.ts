import { describe, expect, it } from 'vitest';
import { acceptTag, addTag, visibleTags } from './tags.ts';

const ten = Array.from({ length: 10 }, (_, i) => `tag${i}`);

describe('addTag', () => {
  it('adds a trimmed tag', () => {
    expect(addTag(['react'], '  node  ')).toEqual({ tags: ['react', 'node'] });
  });

  it('ignores blank input', () => {
    expect(addTag(['react'], '   ')).toEqual({ tags: ['react'], rejected: 'empty' });
  });

  it('refuses duplicates, whatever their case', () => {
    expect(addTag(['React'], 'react')).toEqual({ tags: ['React'], rejected: 'duplicate' });
  });

  it('allows at most 10 tags', () => {
    expect(addTag(ten.slice(0, 9), 'last').tags).toHaveLength(10);
    expect(addTag(ten, 'eleventh')).toEqual({ tags: ten, rejected: 'full' });
  });

  it('does not change the list it was given', () => {
    const tags = ['a'];
    addTag(tags, 'b');
    expect(tags).toEqual(['a']);
  });
});

describe('acceptTag', () => {
  it('takes a new tag in', () => {
    expect(acceptTag(['react'], ' node ')).toEqual({ chips: ['react', 'node'] });
  });

  it('does nothing for a blank draft', () => {
    expect(acceptTag(['react'], '  ')).toBeNull();
  });

  it('refuses a repeat or an eleventh tag, in the words shown under the input', () => {
    expect(acceptTag(['React'], 'react')).toEqual({ rejected: 'That tag is already added' });
    expect(acceptTag(ten, 'eleventh')).toEqual({ rejected: 'You can add up to 10 tags' });
  });
});

describe('visible tags', () => {
  it('shows the first ones and counts the rest', () => {
    expect(visibleTags(['a', 'b', 'c', 'd', 'e'], 3)).toEqual({ tags: ['a', 'b', 'c'], more: 2 });
    expect(visibleTags(['a'], 3)).toEqual({ tags: ['a'], more: 0 });
  });
});
