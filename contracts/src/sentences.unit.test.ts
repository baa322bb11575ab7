import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JoinLinkParams } from './messaging.ts';
import './sentences.ts';

const messageOf = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues[0]?.message;

describe('sentences for checks without a message of their own', () => {
  it('says what is wrong in words, not in zod terms', () => {
    expect(messageOf(z.object({ a: z.string() }), {})).toBe('This field is required');
    expect(messageOf(z.string().min(8), 'short')).toBe('Must be at least 8 characters');
    expect(messageOf(z.string().max(3), 'longer')).toBe('Must be at most 3 characters');
    expect(messageOf(z.string().min(1), '')).toBe('This field is required');
    expect(messageOf(z.number().int().min(1), 0)).toBe('Must be at least 1');
    expect(messageOf(z.number().positive(), 0)).toBe('Must be more than 0');
    expect(messageOf(z.array(z.string()).max(2), ['a', 'b', 'c'])).toBe('At most 2 allowed');
    expect(messageOf(z.number(), 'ten')).toBe('Must be a number');
    expect(messageOf(z.email(), 'nobody')).toBe('Enter a valid email address');
    expect(messageOf(z.uuid(), 'nope')).toBe('Not a valid id');
    expect(messageOf(z.enum(['public', 'private']), 'secret')).toBe('Must be one of: public, private');
    expect(messageOf(z.strictObject({}), { extra: 1 })).toBe('Not a field we know: extra');
  });

  it('keeps a schema’s own message', () => {
    expect(messageOf(z.string().min(8, 'Pick a longer name'), 'short')).toBe('Pick a longer name');
    expect(messageOf(JoinLinkParams, { joinLink: 'badlink' })).toBe('This join link is invalid or has been revoked');
  });
});
