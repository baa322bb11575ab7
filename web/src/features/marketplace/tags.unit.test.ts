import { describe, expect, it } from 'vitest';
import { addTag, removeTag } from './tags.ts';

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

describe('removeTag', () => {
  it('removes the one tag', () => {
    expect(removeTag(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
});
