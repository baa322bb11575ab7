/** A phrase of the request that decided a filter, quoted back in the explanation. */
export interface Trigger {
  text: string;
  start: number;
}

/**
 * Lower-cases and folds the request to plain ASCII-ish text: accents dropped (so "café" matches
 * "cafe"), typographic dashes and quotes made plain, and the length capped because the request
 * schema allows 300 characters and the regexes should never see an unbounded string.
 */
export function normalize(query: string): string {
  return query
    .slice(0, 1_000)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019\u201b`]/g, "'")
    .replace(/[\u201c\u201d"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The request with the phrases already used blanked out by spaces of the same length, so a later
 * extractor cannot read "under 3 days" as a price, and every position still points into the
 * original text (word order and quoted triggers come from there).
 */
export class MaskedText {
  #text: string;

  constructor(readonly original: string) {
    this.#text = original;
  }

  get text(): string {
    return this.#text;
  }

  /**
   * Runs `pattern` over what is left; each match `read` turns into a value is blanked and returned
   * with the phrase that produced it. Returning null leaves the words for later extractors.
   */
  consume<T>(pattern: RegExp, read: (match: RegExpExecArray) => T | null): { value: T; trigger: Trigger }[] {
    const flags = pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`;
    const found: { value: T; trigger: Trigger }[] = [];
    let masked = this.#text;
    for (const match of this.#text.matchAll(new RegExp(pattern.source, flags))) {
      if (match[0].trim() === '') continue;
      const value = read(match);
      if (value === null) continue;
      const start = match.index;
      masked = masked.slice(0, start) + ' '.repeat(match[0].length) + masked.slice(start + match[0].length);
      const leading = match[0].length - match[0].trimStart().length;
      found.push({ value, trigger: { text: this.original.slice(start, start + match[0].length).trim(), start: start + leading } });
    }
    this.#text = masked;
    return found;
  }
}

/**
 * Wraps an alternation in word boundaries that also treat "$", "+", "#" and "." as part of a word,
 * so "ui" never matches inside "build" and "ai" never inside "maintain".
 */
export function words(source: string): RegExp {
  return new RegExp(`(?<![a-z0-9$])(?:${source})(?![a-z0-9])`, 'g');
}

/** A word of the masked request with its position; `text` keeps inner ".", "+", "#", "/", "-". */
export interface Token {
  text: string;
  start: number;
}

/** Splits what is left of the request into words, dropping stray punctuation at their edges. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(/[a-z0-9.+#'/&-]+/g)) {
    const raw = match[0];
    const lead = raw.match(/^['/&-]+/)?.[0].length ?? 0;
    // A leading dot is kept only where it belongs to a name (".net"), a trailing one is punctuation.
    const trimmed = raw.slice(lead).replace(/[.'/&-]+$/, '');
    const cleaned = /^\.[a-z]/.test(trimmed) ? trimmed : trimmed.replace(/^\.+/, '');
    if (!/[a-z0-9]/.test(cleaned)) continue;
    tokens.push({ text: cleaned, start: match.index + lead + (trimmed.length - cleaned.length) });
  }
  return tokens;
}

/** Plural to singular for the common English endings; good enough for skill names (logos, dashboards, stories). */
export function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Removes the characters that spelling variants differ by: "front-end", "front end", "frontend"; "next.js", "nextjs". */
export function compact(phrase: string): string {
  return phrase.replace(/[\s.-]+/g, '');
}

/**
 * Optimal-string-alignment distance (Damerau-Levenshtein without repeated edits of one substring):
 * insertions, deletions, substitutions and swaps of two neighbours each cost 1. Stops early once the
 * distance must exceed `limit`, since callers only ask "within one typo?".
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (previous2[j - 2] ?? 0) + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    previous2 = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** "a", "b" and "c": joins already-quoted items the way the explanation reads. */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** $1,500 — whole dollars without decimals, cents kept when given. */
export function money(amount: number): string {
  return `$${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}
