import type { GigCategory } from '@commonwork/contracts';
import { ALIASES, MAX_ALIAS_WORDS } from './lexicon.ts';
import { compact, editDistance, singular, type Token, tokenize } from './text.ts';
import type { Vocabulary, VocabularyEntry } from './vocabulary.ts';
import { FILLER_WORDS, GENERIC_TERMS, PROTECTED_WORDS, ROLE_WORDS } from './words.ts';

/** One vocabulary term found in the request. */
export interface TermHit {
  /** The words as the person wrote them. */
  text: string;
  /** The vocabulary term, when a typo was corrected to reach it. */
  correctedTo: string | null;
  start: number;
  entry: VocabularyEntry;
}

/** Category, sub-category and the words left for full-text search. */
export interface TopicFinding {
  category: GigCategory | null;
  subCategory: string | null;
  /** Hits that voted for the chosen category, in request order. */
  hits: TermHit[];
  /** True when front-end and back-end words together were read as full stack. */
  combined: boolean;
  searchQuery: string;
}

interface BaseIndex {
  exact: Map<string, VocabularyEntry>;
  compacted: Map<string, { term: string; entry: VocabularyEntry }>;
  maxWords: number;
  /** Every word of every term: never corrected, and a "/" inside them is not a separator ("a/b", "ci/cd"). */
  termWords: Set<string>;
  /** Correction targets in table order, so ties resolve the same way every time. */
  targets: string[];
}

const MIN_TYPO_LENGTH = 5;
// The index depends only on the terms object, which the service shares across requests.
const indexes = new WeakMap<object, BaseIndex>();

function indexOf(vocabulary: Vocabulary): BaseIndex {
  const cached = indexes.get(vocabulary.terms);
  if (cached) return cached;
  const index: BaseIndex = { exact: new Map(), compacted: new Map(), maxWords: 1, termWords: new Set(), targets: [] };
  for (const [term, entry] of Object.entries(vocabulary.terms)) {
    const key = term.toLowerCase().trim().replace(/\s+/g, ' ');
    index.exact.set(key, entry);
    // Short compacted keys would let "a i" become "ai"; four letters is the shortest useful variant ("k8s" is exact).
    if (compact(key).length >= 4 && !index.compacted.has(compact(key))) index.compacted.set(compact(key), { term: key, entry });
    const parts = key.split(' ');
    index.maxWords = Math.max(index.maxWords, parts.length);
    for (const part of parts) {
      if (!index.termWords.has(part) && part.length >= MIN_TYPO_LENGTH && /^[a-z]+$/.test(part)) index.targets.push(part);
      index.termWords.add(part);
    }
  }
  indexes.set(vocabulary.terms, index);
  return index;
}

/** The entry a phrase names, and the term as the table spells it (for `GENERIC_TERMS`). */
function lookup(index: BaseIndex, keys: readonly string[]): { term: string; entry: VocabularyEntry } | undefined {
  const last = keys[keys.length - 1] ?? '';
  const variants = [keys.join(' '), [...keys.slice(0, -1), singular(last)].join(' ')];
  for (const variant of variants) {
    const entry = index.exact.get(variant);
    if (entry) return { term: variant, entry };
  }
  for (const variant of variants) {
    const found = compact(variant).length >= 4 ? index.compacted.get(compact(variant)) : undefined;
    if (found) return found;
  }
  return undefined;
}

/**
 * A word to match: a token, one side of "ui/ux", or one English word an alias stands for
 * ("webentwickler" gives "web" and "developer"); `key` may be a typo's correction. `token` and
 * `last` are the first and last of the person's words it came from.
 */
interface Unit {
  key: string;
  /** The person's word (or alias phrase) it came from. */
  written: string;
  token: number;
  last: number;
  correctedTo: string | null;
  fromExtra: boolean;
  /** True when `key` is an alias's English word, which the search words use instead of the person's. */
  aliased: boolean;
}

function correct(word: string, index: BaseIndex, extra: readonly string[], known: ReadonlySet<string>): Unit['correctedTo'] {
  if (word.length < MIN_TYPO_LENGTH || !/^[a-z]+$/.test(word)) return null;
  const stem = singular(word);
  if (known.has(word) || known.has(stem) || PROTECTED_WORDS.has(word) || FILLER_WORDS.has(word) || ROLE_WORDS.has(word)) return null;
  // A spelling variant of a term ("nextjs" for "next.js") is not a typo.
  if (lookup(index, [word]) !== undefined) return null;
  const near = (target: string) => editDistance(word, target, 1) <= 1 || editDistance(stem, target, 1) <= 1;
  return index.targets.find(near) ?? extra.find(near) ?? null;
}

function unitsOf(tokens: readonly Token[], index: BaseIndex, vocabulary: Vocabulary): Unit[] {
  const extra = (vocabulary.extraTerms ?? []).map((term) => term.toLowerCase().trim()).filter((term) => /^[a-z]{5,}$/.test(term));
  const known = new Set([...index.termWords, ...extra]);
  const units: Unit[] = [];
  let position = 0;
  while (position < tokens.length) {
    // An alias of one to three words ("js", "sitio web", "analyse de donnees") stands for its English words.
    let aliasLength = 0;
    for (let n = Math.min(MAX_ALIAS_WORDS, tokens.length - position); n >= 1 && aliasLength === 0; n--) {
      const phrase = tokens
        .slice(position, position + n)
        .map((token) => token.text)
        .join(' ');
      const english = ALIASES.get(phrase);
      if (english === undefined) continue;
      aliasLength = n;
      for (const key of english.split(' ')) {
        units.push({ key, written: phrase, token: position, last: position + n - 1, correctedTo: null, fromExtra: false, aliased: true });
      }
    }
    if (aliasLength > 0) {
      position += aliasLength;
      continue;
    }
    const text = tokens[position]?.text ?? '';
    const parts = text.includes('/') && !index.termWords.has(text) ? text.split('/') : [text];
    for (const part of parts.filter((p) => /[a-z0-9]/.test(p))) {
      const alias = ALIASES.get(part);
      const correctedTo = alias === undefined ? correct(part, index, extra, known) : null;
      const fromExtra = correctedTo !== null && !index.termWords.has(correctedTo);
      for (const key of alias?.split(' ') ?? [correctedTo ?? part]) {
        units.push({ key, written: part, token: position, last: position, correctedTo, fromExtra, aliased: alias !== undefined });
      }
    }
    position += 1;
  }
  return units;
}

interface RawHit {
  units: Unit[];
  term: string;
  entry: VocabularyEntry;
}

/** Longest phrase first at each position, left to right, so "react native" beats "react" and "landing page copy" beats "landing page". */
function findHits(units: readonly Unit[], index: BaseIndex): RawHit[] {
  const hits: RawHit[] = [];
  let i = 0;
  while (i < units.length) {
    let matched = 0;
    for (let n = Math.min(index.maxWords, units.length - i); n >= 1 && matched === 0; n--) {
      const slice = units.slice(i, i + n);
      const found = lookup(
        index,
        slice.map((unit) => unit.key),
      );
      if (found) {
        hits.push({ units: slice, ...found });
        matched = n;
      }
    }
    i += Math.max(matched, 1);
  }
  return hits;
}

interface Tally {
  weight: number;
  first: number;
}

function best<K>(tallies: Map<K, Tally>): K | null {
  let winner: K | null = null;
  let top: Tally | null = null;
  for (const [key, tally] of tallies) {
    if (top === null || tally.weight > top.weight || (tally.weight === top.weight && tally.first < top.first)) {
      winner = key;
      top = tally;
    }
  }
  return winner;
}

function add<K>(tallies: Map<K, Tally>, key: K, weight: number, start: number): void {
  const tally = tallies.get(key) ?? { weight: 0, first: start };
  tallies.set(key, { weight: tally.weight + weight, first: Math.min(tally.first, start) });
}

/**
 * Reads category and sub-category from what is left of the request and builds the search words.
 * The heaviest category wins (terms weigh 2, broad words 1), ties go to the one named first; the
 * sub-category is chosen the same way among that category's terms.
 * @param categorized whether a category filter applies, which drops the words naming it; default: whether one was read here.
 */
export function matchTopic(masked: string, vocabulary: Vocabulary, categorized?: boolean): TopicFinding {
  const index = indexOf(vocabulary);
  const tokens = tokenize(masked);
  const units = unitsOf(tokens, index, vocabulary);
  const raw = findHits(units, index);
  const hits: TermHit[] = raw.map(({ units: used, entry }) => {
    const from = used[0]?.token ?? 0;
    const to = used[used.length - 1]?.last ?? from;
    const text = tokens
      .slice(from, to + 1)
      .map((token) => token.text)
      .join(' ');
    const typo = used.some((unit) => unit.correctedTo !== null);
    return {
      text,
      correctedTo: typo ? used.map((unit) => unit.key).join(' ') : null,
      start: tokens[used[0]?.token ?? 0]?.start ?? 0,
      entry,
    };
  });

  const categories = new Map<GigCategory, Tally>();
  for (const hit of hits) add(categories, hit.entry.category, hit.entry.weight ?? 2, hit.start);
  const category = best(categories);
  const chosen = hits.filter((hit) => hit.entry.category === category);
  const subs = new Map<string, Tally>();
  for (const hit of chosen) if (hit.entry.subCategory !== null) add(subs, hit.entry.subCategory, hit.entry.weight ?? 2, hit.start);
  let subCategory = best(subs);
  // React for the page and Node for the API is one full-stack job, not a front-end job with a stray word.
  const combined =
    category === 'web' && subs.has('frontend') && subs.has('backend') && (subCategory === 'frontend' || subCategory === 'backend');
  if (combined) subCategory = 'fullstack';

  return {
    category,
    subCategory,
    hits: chosen,
    combined,
    searchQuery: searchWords(units, raw, categorized ?? category !== null).join(' '),
  };
}

/**
 * The words left for full-text search, in the request's order: each term's words as the table
 * spells them (a typo corrected, an alias in English), less filler, and less what a filter already
 * says once a category is read (terms naming the category, role words like "designer"). A correction stays only where it found a term or a live tag; otherwise the word
 * was probably meant.
 */
function searchWords(units: readonly Unit[], raw: readonly RawHit[], categorized: boolean): string[] {
  const termOf = new Map<Unit, string>();
  for (const hit of raw) for (const unit of hit.units) termOf.set(unit, hit.term);
  const words: string[] = [];
  for (const unit of units) {
    const term = termOf.get(unit);
    const word = term !== undefined || unit.aliased || unit.fromExtra ? unit.key : unit.written;
    if (term !== undefined) {
      if (categorized && GENERIC_TERMS.has(term)) continue;
    } else if (FILLER_WORDS.has(word) || (categorized && ROLE_WORDS.has(word))) continue;
    if (!words.includes(word)) words.push(word);
  }
  return words;
}
