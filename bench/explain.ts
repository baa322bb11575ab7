import { ListGigsQuery } from '@commonwork/contracts';
import { type CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { listGigs } from '../services/marketplace/src/search/listGigs.ts';
import type { MarketplaceTables } from '../services/marketplace/src/tables.ts';

/** The plan lines worth reading in a report: scans, filters, sorts and the execution time, without cost estimates. */
const KEY_LINE = /Execution Time|Scan|Filter:|Recheck Cond|Rows Removed|Sort Key|Sort Method|Aggregate|Limit/;

/**
 * Runs marketplace's listing query for a query string as the service would, capturing the SQL it
 * sends, then EXPLAIN ANALYZEs each statement (unloaded) and returns the key plan lines.
 */
export async function explainListing(databaseUrl: string, queryString: string): Promise<{ sql: string; plan: string[] }[]> {
  // No statement timeout here: the point is to see how long the slow query really takes.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, options: '-c statement_timeout=0' });
  const captured: CompiledQuery[] = [];
  const db = new Kysely<MarketplaceTables>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  try {
    const query = ListGigsQuery.parse(Object.fromEntries(new URLSearchParams(queryString)));
    await listGigs(db.withSchema('marketplace'), query, null);
    const plans: { sql: string; plan: string[] }[] = [];
    for (const statement of captured) {
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement.sql}`, [...statement.parameters]);
      const plan = rows
        .map((r) => r['QUERY PLAN'])
        .filter((line) => KEY_LINE.test(line))
        .map((line) => line.replace(/\s*\(cost=[^)]*\)/, ''));
      plans.push({ sql: statement.sql.startsWith('select count') ? 'count' : 'page', plan });
    }
    return plans;
  } finally {
    await db.destroy();
  }
}
