import { type Kysely, sql } from 'kysely';
import type { MarketplaceTables } from '../tables.ts';

const MAX_SUGGESTIONS = 8;

/**
 * Completions for what a person is typing, from real data: tags of active gigs first (they are
 * the vocabulary people search with), then freelancers' skills, then gig titles.
 */
export async function suggest(db: Kysely<MarketplaceTables>, text: string): Promise<string[]> {
  const q = text.trim().toLowerCase();
  if (q.length < 2) return [];
  const prefix = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const contains = `%${prefix}`;
  const [tags, skills, titles] = await Promise.all([
    sql<{ value: string }>`select tag as value, count(*) as n from ${sql.table('marketplace.gigs')}, jsonb_array_elements_text(tags) as tag
      where status = 'active' and lower(tag) like ${prefix} group by tag order by n desc, tag limit ${MAX_SUGGESTIONS}`.execute(db),
    sql<{
      value: string;
    }>`select skill as value, count(*) as n from ${sql.table('marketplace.freelancers')}, jsonb_array_elements_text(skills) as skill
      where lower(skill) like ${prefix} group by skill order by n desc, skill limit ${MAX_SUGGESTIONS}`.execute(db),
    sql<{ value: string }>`select title as value from ${sql.table('marketplace.gigs')}
      where status = 'active' and lower(title) like ${contains} order by length(title), title limit ${MAX_SUGGESTIONS}`.execute(db),
  ]);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const { value } of [...tags.rows, ...skills.rows, ...titles.rows]) {
    const key = value.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(value);
    if (out.length === MAX_SUGGESTIONS) break;
  }
  return out;
}

/** The tags in use, for the interpreter's typo tolerance to snap to. */
export async function popularTags(db: Kysely<MarketplaceTables>, limit = 500): Promise<string[]> {
  const { rows } = await sql<{ tag: string }>`select lower(tag) as tag, count(*) as n from ${sql.table('marketplace.gigs')},
    jsonb_array_elements_text(tags) as tag where status = 'active' group by lower(tag) order by n desc limit ${limit}`.execute(db);
  return rows.map((r) => r.tag);
}
