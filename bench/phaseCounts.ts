import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import pg from 'pg';
import { sleep } from './run.ts';

/**
 * What a bench phase asked of PostgreSQL, Redis and NATS, counted on the servers (BENCH_COUNT=1):
 * statements by query (pg_stat_statements, when the server preloads it: a server of the bench's own,
 * not the shared one), Redis commands by name (INFO commandstats of the cluster's own Redis), NATS's
 * JetStream messages stored per stream and delivered per consumer (its API), and, given
 * BENCH_NATS_MONITOR (the server's monitoring address, `-m`), every message in and out. Counts, not
 * times: they say whether two trees do the same work whatever else the machine runs.
 */
export interface PhaseCounts {
  statements: Map<string, number> | null;
  redis: Map<string, number>;
  stored: Map<string, number>;
  delivered: Map<string, number>;
  nats: { in: number; out: number } | null;
}

interface Reading {
  streams: Map<string, number>;
  consumers: Map<string, { delivered: number; unfinished: number }>;
  varz: { in: number; out: number } | null;
}

export async function phaseCounter(options: { databaseUrl: string; redisUrl: string; natsUrl: string; natsMonitor?: string }) {
  const db = new pg.Client({ connectionString: options.databaseUrl });
  await db.connect();
  const statementsKept = await db
    .query(`create extension if not exists pg_stat_statements`)
    .then(() => db.query('select 1 from pg_stat_statements limit 1'))
    .then(
      () => true,
      () => false,
    );
  const redis = new Redis(options.redisUrl);
  const nc: NatsConnection = await connect({ servers: options.natsUrl });
  const api = async <T>(subject: string): Promise<T> =>
    JSON.parse(new TextDecoder().decode((await nc.request(subject, '{}', { timeout: 5_000 })).data)) as T;

  const read = async (): Promise<Reading> => {
    const { streams = [] } = await api<{ streams?: { config: { name: string }; state: { last_seq: number } }[] }>('$JS.API.STREAM.LIST');
    const consumers = new Map<string, { delivered: number; unfinished: number }>();
    for (const stream of streams) {
      const { consumers: list = [] } = await api<{
        consumers?: { name: string; delivered: { consumer_seq: number }; num_pending: number; num_ack_pending: number }[];
      }>(`$JS.API.CONSUMER.LIST.${stream.config.name}`);
      for (const c of list)
        consumers.set(`${stream.config.name}/${c.name}`, {
          delivered: c.delivered.consumer_seq,
          unfinished: c.num_pending + c.num_ack_pending,
        });
    }
    const varz = options.natsMonitor
      ? await fetch(`${options.natsMonitor}/varz`)
          .then((res) => res.json() as Promise<{ in_msgs: number; out_msgs: number }>)
          .then((v) => ({ in: v.in_msgs, out: v.out_msgs }))
      : null;
    return { streams: new Map(streams.map((s) => [s.config.name, s.state.last_seq])), consumers, varz };
  };

  /** Waits until every consumer has acknowledged all and no stream grew for `quietMs`: the work a phase set going is done. */
  const drained = async (quietMs = 1_000, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    let last = await read();
    for (;;) {
      await sleep(quietMs);
      const now = await read();
      const still =
        [...now.consumers.values()].every((c) => c.unfinished === 0) && [...now.streams].every(([s, n]) => last.streams.get(s) === n);
      if (still || Date.now() > deadline) return now;
      last = now;
    }
  };

  const delta = (after: Map<string, number>, before: Map<string, number>) =>
    new Map([...after].map(([k, n]) => [k, n - (before.get(k) ?? 0)] as const).filter(([, n]) => n !== 0));

  return {
    /** Waits for the system to settle, then zeroes the servers' statistics; returns the counts since when `finish` is called. */
    start: async () => {
      const before = await drained();
      if (statementsKept) await db.query('select pg_stat_statements_reset()');
      await redis.config('RESETSTAT');
      return {
        /** Waits until the phase's work is done everywhere, then reads what it took. */
        finish: async (): Promise<PhaseCounts> => {
          const after = await drained();
          let statements: Map<string, number> | null = null;
          if (statementsKept) {
            statements = new Map();
            const { rows } = await db.query<{ query: string; calls: string }>(
              `select query, sum(calls) as calls from pg_stat_statements
               where dbid <> (select oid from pg_database where datname = current_database()) group by query`,
            );
            for (const { query, calls } of rows) {
              // One statement whatever its rows: a batch's insert of 1, 2 or 7 rows is one kind (how many per batch is timing).
              const kind = query
                .replace(/\s+/g, ' ')
                .replace(/(\(\$\d+(?:, \$\d+)*\))(?:, \(\$\d+(?:, \$\d+)*\))+/g, '$1, …')
                .trim();
              statements.set(kind, (statements.get(kind) ?? 0) + Number(calls));
            }
          }
          const redisCommands = new Map<string, number>();
          for (const line of (await redis.info('commandstats')).split('\n')) {
            const match = /^cmdstat_([^:]+):calls=(\d+)/.exec(line.trim());
            // The counter's own INFO and CONFIG are not the cluster's.
            if (match?.[1] && match[1] !== 'info' && !match[1].startsWith('config')) redisCommands.set(match[1], Number(match[2]));
          }
          const counts = (r: Reading) => new Map([...r.consumers].map(([k, c]) => [k, c.delivered] as const));
          return {
            statements,
            redis: redisCommands,
            stored: delta(after.streams, before.streams),
            delivered: delta(counts(after), counts(before)),
            nats: after.varz && before.varz ? { in: after.varz.in - before.varz.in, out: after.varz.out - before.varz.out } : null,
          };
        },
      };
    },
    close: async () => {
      await Promise.allSettled([db.end(), redis.quit(), nc.close()]);
    },
  };
}

/** The counts per post as lines of a markdown table, biggest first. */
export function renderCounts(name: string, counts: PhaseCounts, posts: number) {
  const per = (n: number) => (n / Math.max(posts, 1)).toFixed(2);
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const rows = (kind: string, m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .map(([what, n]) => `| ${kind} | ${per(n)} | ${n} | \`${what.slice(0, 160).replaceAll('|', '\\|')}\` |`);
  return [
    `### What "${name}" asked of the servers, per post (${posts} posts)`,
    '',
    '| server | per post | in all | what |',
    '|---|--:|--:|---|',
    `| PostgreSQL | ${counts.statements ? per(total(counts.statements)) : 'n/a'} | ${counts.statements ? total(counts.statements) : 'n/a'} | statements, all (pg_stat_statements${counts.statements ? '' : ' not loaded'}) |`,
    `| Redis | ${per(total(counts.redis))} | ${total(counts.redis)} | commands, all |`,
    `| NATS | ${per(total(counts.stored))} | ${total(counts.stored)} | JetStream messages stored, all streams |`,
    `| NATS | ${per(total(counts.delivered))} | ${total(counts.delivered)} | JetStream deliveries, all consumers |`,
    ...(counts.nats
      ? [`| NATS | ${per(counts.nats.in)} / ${per(counts.nats.out)} | ${counts.nats.in} / ${counts.nats.out} | messages in / out (varz) |`]
      : []),
    ...rows('PostgreSQL', counts.statements ?? new Map()),
    ...rows('Redis', counts.redis),
    ...rows('NATS stored', counts.stored),
    ...rows('NATS delivered', counts.delivered),
    '',
  ].join('\n');
}
