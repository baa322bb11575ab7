import { describe, expect, it } from 'vitest';
import { chatIdFor } from './chat.ts';

describe('chatIdFor', () => {
  const a = '11111111-2222-4333-8444-555555555555';
  const b = '99999999-8888-4777-8666-555555555555';
  const gig = '0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f';

  it('is the same whoever starts the chat, and a valid version-5 UUID', () => {
    expect(chatIdFor(a, b, gig)).toBe(chatIdFor(b, a, gig));
    expect(chatIdFor(a, b, gig)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('differs per gig', () => {
    expect(chatIdFor(a, b, gig)).not.toBe(chatIdFor(a, b, a));
  });
});
