import { describe, expect, it } from 'vitest';
import { isOneEmoji } from './emoji.ts';

describe('isOneEmoji', () => {
  it('takes one emoji as a person sees it, joined sequences, flags, skin tones and keycaps included', () => {
    for (const emoji of ['👍', '🎉', '❤️', '👍🏽', '👩‍💻', '👨‍👩‍👧', '🇫🇷', '1️⃣', '☕']) expect(isOneEmoji(emoji), emoji).toBe(true);
  });

  it('refuses text, two emoji and emoji with text', () => {
    for (const text of ['', 'a', 'ok', '👍👍', '👍 ', 'a👍', '<script>', '1', '#']) expect(isOneEmoji(text), text).toBe(false);
  });
});
