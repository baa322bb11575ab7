import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameJson } from './sameJson.ts';

/** The same object with its members in reverse order, at every depth. */
const reversed = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(reversed);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reversed(v)]),
    );
  return value;
};

describe('sameJson', () => {
  it('holds for any JSON value against itself with its members in another order', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => sameJson(value, reversed(value))));
  });

  it('tells apart what JSON tells apart: a value, an array order, a member more', () => {
    expect(sameJson({ title: 'A', tags: ['x', 'y'] }, { tags: ['x', 'y'], title: 'A' })).toBe(true);
    expect(sameJson({ tags: ['x', 'y'] }, { tags: ['y', 'x'] })).toBe(false);
    expect(sameJson({ price: 10 }, { price: 11 })).toBe(false);
    expect(sameJson({ price: 10 }, { price: 10, title: 'A' })).toBe(false);
  });

  it('takes a member whose value is undefined as absent, as a stored event has it', () => {
    expect(sameJson({ title: 'A', location: undefined }, { title: 'A' })).toBe(true);
  });
});
