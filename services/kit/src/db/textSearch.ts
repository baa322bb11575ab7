import { type Kysely, sql } from 'kysely';

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

/** Word similarity above which a short query counts as a typo of a title or tag. */
const TYPO_SIMILARITY = '0.35';

/**
 * Strict word similarity above which a short query counts as a typo of a word in free text
 * (messages): strict similarity compares whole words, so "relase" finds "release" but not the
 * "lase rela" straddling "please relax", which plain word similarity rates 0.86.
 */
const STRICT_TYPO_SIMILARITY = '0.45';

/** Runs `run` in a transaction where a pg_trgm threshold is ours (set for that transaction only). */
async function withTrigramSetting<DB, T>(db: Kysely<DB>, setting: string, value: string, run: (trx: Kysely<DB>) => Promise<T>) {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config(${setting}, ${value}, true)`.execute(trx);
    return run(trx);
  });
}

/**
 * Runs a typo search in a transaction whose trigram threshold is ours, so an index can answer
 * `haystack %> query` (the threshold is set for that transaction only).
 */
export async function withTypoThreshold<DB, T>(db: Kysely<DB>, run: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return withTrigramSetting(db, 'pg_trgm.word_similarity_threshold', TYPO_SIMILARITY, run);
}

/** The same for free text: an index can answer `haystack %>> query` (strict word similarity) in `run`. */
export async function withStrictTypoThreshold<DB, T>(db: Kysely<DB>, run: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return withTrigramSetting(db, 'pg_trgm.strict_word_similarity_threshold', STRICT_TYPO_SIMILARITY, run);
}
