const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
// An emoji grapheme starts with a pictographic character or a regional indicator (a flag's half);
// keycaps (1️⃣) start with a digit and carry U+20E3.
const EMOJI_START = /^(\p{Extended_Pictographic}|\p{Regional_Indicator})|^[0-9#*]\uFE0F?\u20E3$/u;

/** Whether `text` is exactly one emoji as a person sees it (one grapheme cluster), not text or two emoji. */
export function isOneEmoji(text: string): boolean {
  const [first, second] = graphemes.segment(text);
  return first !== undefined && second === undefined && EMOJI_START.test(first.segment);
}
