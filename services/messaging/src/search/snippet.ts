import type { SnippetMark } from '@commonwork/contracts';

/** Characters of a snippet around its first match, about two lines of a result. */
const SNIPPET_LENGTH = 160;
/** How much of the text before the first match a snippet keeps, so the match reads in context. */
const LEAD = 50;
/** Trigram similarity (as pg_trgm counts it) at which a word is marked as a misspelling of a searched one. */
const MARK_SIMILARITY = 0.45;

const WORD = /[\p{L}\p{N}]+/gu;

/** pg_trgm's trigrams of one word: lower case, two spaces before and one after. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return grams;
}

function similarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  let shared = 0;
  for (const gram of x) if (y.has(gram)) shared++;
  return shared / (x.size + y.size - shared);
}

function sharedPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/**
 * Whether a word of a message answers a searched word the way the search did: its prefix (the
 * last word is searched as one), the same stem as far as a shared beginning shows it
 * ("deploying", "deployed"), or a close spelling (a typo's reading).
 */
function answers(word: string, searched: string): boolean {
  if (word.startsWith(searched)) return true;
  const prefix = sharedPrefix(word, searched);
  if (prefix >= 4 || (prefix >= 3 && prefix === Math.min(word.length, searched.length))) return true;
  return similarity(word, searched) >= MARK_SIMILARITY;
}

/** The searched words, lower case, as the search reads them (letters and digits). */
export function searchedWords(query: string): string[] {
  return [...new Set(query.toLowerCase().match(WORD) ?? [])];
}

/**
 * A message's text as a search result shows it: whitespace folded, at most about 160 characters
 * from a little before the first matched word ('…' where cut), with every matched word as a
 * range. Plain text and ranges, never markup: the client marks them, so a message cannot inject HTML.
 */
export function snippetOf(content: string, query: string): { text: string; marks: SnippetMark[] } {
  const text = content.replace(/\s+/g, ' ').trim();
  const words = searchedWords(query);
  const marks: SnippetMark[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0].toLowerCase();
    if (words.some((searched) => answers(word, searched))) marks.push({ start: match.index, end: match.index + match[0].length });
  }
  if (text.length <= SNIPPET_LENGTH) return { text, marks };

  // Start at a word boundary a little before the first match, so it is never cut off.
  const firstMatch = marks[0]?.start ?? 0;
  let start = Math.max(0, firstMatch - LEAD);
  if (start > 0) start = text.lastIndexOf(' ', start) + 1;
  start = Math.min(start, text.length - SNIPPET_LENGTH);
  if (start > 0 && text[start - 1] !== ' ') start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length) end = Math.max(text.lastIndexOf(' ', end), firstMatch + 1);
  const lead = start > 0 ? '…' : '';
  const shift = lead.length - start;
  return {
    text: `${lead}${text.slice(start, end)}${end < text.length ? '…' : ''}`,
    marks: marks.filter((m) => m.start >= start && m.end <= end).map((m) => ({ start: m.start + shift, end: m.end + shift })),
  };
}
