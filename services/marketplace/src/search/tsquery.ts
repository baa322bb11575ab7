/**
 * Builds a prefix-aware tsquery text from what a person typed: every word must match, and the
 * last one also as a prefix, so "reac" finds "react" while the person is still typing.
 * Only letters, digits and a few joiners survive, so user input can never inject tsquery syntax.
 */
export function toPrefixTsQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}+#.]+/u)
    .map((w) => w.replace(/^[.]+|[.]+$/g, '').replace(/[+#]/g, (c) => (c === '+' ? 'p' : 's')))
    .filter((w) => w.length > 0)
    .slice(0, 12);
  if (words.length === 0) return null;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

/** Short queries get typo tolerance from trigram similarity; longer ones are precise enough with full-text search. */
export const isTypoCandidate = (text: string) => text.trim().split(/\s+/).length <= 3 && text.trim().length <= 40;
