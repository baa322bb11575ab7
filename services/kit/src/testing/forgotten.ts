import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * The tables, event stores included, of these schemas that hold one of `texts` in any row (its
 * whole text form), as `schema.table`: what a forgotten person's name or email must be in none of.
 */
export async function tablesHolding(database: Database, schemas: readonly string[], texts: readonly string[]): Promise<string[]> {
  const { rows } = await sql<{ schema: string; name: string }>`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema in (${sql.join(schemas)})`.execute(database.root);
  const found: string[] = [];
  for (const { schema, name } of rows) {
    const hits = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(`${schema}.${name}`)} as t
      where ${sql.join(
        texts.map((text) => sql`position(${text} in t::text) > 0`),
        sql` or `,
      )}`.execute(database.root);
    if ((hits.rows[0]?.n ?? 0) > 0) found.push(`${schema}.${name}`);
  }
  return found;
}

/** The messages kept in a JetStream namespace's streams whose bytes hold one of `texts`, as `stream#sequence`. */
export async function streamMessagesHolding(url: string, namespace: string, texts: readonly string[]): Promise<string[]> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    const found: string[] = [];
    for await (const info of jsm.streams.list()) {
      const name = info.config.name;
      if (!name.startsWith(`${namespace}_`) || info.state.messages === 0) continue;
      const messages = await (await jetstream(nc).consumers.get(name)).consume();
      for await (const m of messages) {
        const text = m.string();
        if (texts.some((t) => text.includes(t))) found.push(`${name}#${m.seq}`);
        if (m.seq >= info.state.last_seq || m.info.pending === 0) break;
      }
      await messages.close();
    }
    return found;
  } finally {
    await nc.close();
  }
}
