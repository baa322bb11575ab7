import { ms } from './format.ts';
import type { LoadResult } from './load.ts';
import { writeSection } from './section.ts';

export interface Scenario {
  id: string;
  name: string;
  path: string;
  /** Counts toward the search latency target. */
  search: boolean;
  /** Counts toward the gateway overhead target (the listing and search requests). */
  judged: boolean;
}

export interface ScenarioResult extends Scenario {
  /** Median of a few requests sent one at a time, before the load. */
  unloadedP50: number;
  direct: LoadResult;
  gateway: LoadResult;
}

export interface RunInfo {
  date: string;
  machine: { cores: number; cpu: string; memory: string; node: string; postgres: string; loadBefore: string };
  gigs: number;
  users: number;
  seedMs: number;
  drainMs: number;
  /** The whole run up to the report, seeding included. */
  totalMs: number;
  /** Marketplace events the bench's bus dropped instead of keeping in memory. */
  droppedEvents: number;
  connections: number;
  durationMs: number;
  rounds: number;
  warmupMs: number;
  statementTimeout: string;
  poolSize: number;
  plans: { scenario: string; query: string; plans: { sql: string; plan: string[] }[] }[];
}

export const TARGETS = { searchP99Ms: 50, gatewayOverhead: 0.15 } as const;

const rps = (n: number) => (n < 10 ? n.toFixed(1) : Math.round(n).toLocaleString('en-US'));
const pct = (n: number) => (Number.isNaN(n) ? '—' : `${n >= 0 ? '+' : ''}${(n * 100).toFixed(1)} %`);
const overheadOf = (r: ScenarioResult) => r.gateway.p50 / r.direct.p50 - 1;
const addedMs = (r: ScenarioResult) => {
  const added = r.gateway.p50 - r.direct.p50;
  return Number.isNaN(added) ? '—' : `${added >= 0 ? '+' : '−'}${Math.abs(added).toFixed(2)}`;
};
const ratio = (r: ScenarioResult) => (r.direct.rps > 0 ? (r.gateway.rps / r.direct.rps).toFixed(2) : '—');

/** The markdown of one run: machine, setup, the side-by-side table and the verdict on each target. */
export function renderResults(results: ScenarioResult[], info: RunInfo): string {
  const m = info.machine;
  const lines = [
    `## Results (${info.date})`,
    '',
    `Machine: ${m.cores} cores (${m.cpu}), memory ${m.memory}, Node ${m.node}, PostgreSQL ${m.postgres}; ` +
      `load average before the first request ${m.loadBefore} (1, 5, 15 min).`,
    '',
    `Data: ${info.gigs.toLocaleString('en-US')} gigs from ${info.users.toLocaleString('en-US')} people, seeded in ` +
      `${(info.seedMs / 1000).toFixed(1)} s through the services' events and projections, then \`VACUUM ANALYZE\`; ` +
      `the outbox relays had gone through every event ${(info.drainMs / 1000).toFixed(1)} s after start, before the first request ` +
      `(identity's reached every consumer; marketplace's ${info.droppedEvents.toLocaleString('en-US')} gig events were dropped ` +
      "by the bench's bus: see the notes).",
    `Load: ${info.connections} keep-alive connections, closed loop, ${info.durationMs / 1000} s per path after ` +
      `${info.warmupMs / 1000} s of warm-up, in ${info.rounds} rounds that alternate direct and gateway runs ` +
      `(${info.durationMs / info.rounds / 1000} s each; the percentiles are over all the rounds' requests); the load generator runs in a worker thread of the process that hosts the platform ` +
      `(gateway and services share one event loop, as in embedded mode), on the same machine as PostgreSQL. ` +
      `Pool ${info.poolSize} connections; the bench database has \`statement_timeout = ${info.statementTimeout}\`, ` +
      'so a query slower than that fails (an error) instead of piling up. ' +
      `The run took ${(info.totalMs / 60_000).toFixed(1)} minutes.`,
    '',
    '| scenario | request | unloaded p50 ms | direct req/s | gateway req/s | throughput ratio | direct p50 ms | gateway p50 ms | p50 added ms | p50 overhead | direct p99 ms | gateway p99 ms | errors direct / gateway |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...results
      .map((r) =>
        [
          `${r.id}. ${r.name}`,
          `\`${r.path}\``,
          ms(r.unloadedP50),
          rps(r.direct.rps),
          rps(r.gateway.rps),
          ratio(r),
          ms(r.direct.p50),
          ms(r.gateway.p50),
          addedMs(r),
          pct(overheadOf(r)),
          ms(r.direct.p99),
          ms(r.gateway.p99),
          `${r.direct.errors} / ${r.gateway.errors}`,
        ].join(' | '),
      )
      .map((row) => `| ${row} |`),
    '',
    '### Targets',
    '',
    ...results
      .filter((r) => r.search)
      .map((r) => {
        const met = r.gateway.errors === 0 && r.gateway.p99 < TARGETS.searchP99Ms;
        const why =
          r.gateway.errors > 0
            ? `${r.gateway.errors} errors (timeouts), p99 of the answered ${ms(r.gateway.p99)} ms`
            : `${ms(r.gateway.p99)} ms`;
        return `- Search p99 under ${TARGETS.searchP99Ms} ms through the gateway, ${r.id}. ${r.name}: ${why}: **${met ? 'met' : 'missed'}**.`;
      }),
    ...results
      .filter((r) => !r.judged)
      .map(
        (r) =>
          `- ${r.id}. ${r.name}: not judged (the target is on the listing and search requests); the gateway adds ${addedMs(r)} ms at p50, ${pct(overheadOf(r))}.`,
      ),
    ...results
      .filter((r) => r.judged)
      .map((r) => {
        const overhead = overheadOf(r);
        const met = r.gateway.errors === 0 && r.direct.errors === 0 && overhead < TARGETS.gatewayOverhead;
        const verdict = met ? 'met' : Number.isNaN(overhead) ? 'not measurable' : 'missed';
        return `- Gateway overhead under ${TARGETS.gatewayOverhead * 100} % (p50), ${r.id}. ${r.name}: ${pct(overhead)}, throughput ratio ${ratio(r)}: **${verdict}**.`;
      }),
  ];
  if (info.plans.length > 0) {
    lines.push('', '### Query plans of the scenarios that missed a target (EXPLAIN ANALYZE, unloaded, key lines)', '');
    for (const p of info.plans) {
      lines.push(`<details><summary>${p.scenario}: <code>${p.query}</code></summary>`, '');
      for (const { sql, plan } of p.plans) lines.push(`${sql} query:`, '', '```', ...plan, '```', '');
      lines.push('</details>', '');
    }
  }
  return lines.join('\n');
}

/** Rewrites the gig benchmark's section of RESULTS.md (between its markers). */
export const writeResults = (file: string, markdown: string) => writeSection(file, 'results', '', markdown);
