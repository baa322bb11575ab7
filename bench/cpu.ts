import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** CPU time (ms) of every process on the machine, by pid, with its parent and name. */
export function processTimes() {
  const times = new Map<number, { ppid: number; comm: string; ms: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The name is in parentheses and may hold spaces; the fields after it are space-separated.
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
      times.set(Number(entry), { ppid: Number(fields[1]), comm, ms });
    } catch {
      // The process ended while we looked.
    }
  }
  return times;
}

/** A PostgreSQL backend's database, from the title it gives itself (`postgres: [cluster: ]user database host(port) state`). */
const BACKEND = /^postgres: (?:\S+: )?\S+ (\S+) (?:\S+\(\d+\)|\[local\])/;

function databaseOf(pid: number): string | null {
  try {
    return BACKEND.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))?.[1] ?? null;
  } catch {
    return null;
  }
}

/** Whether `pid` is this bench's own child, grandchild, ... */
function descendsFromUs(pid: number, times: ReturnType<typeof processTimes>) {
  for (let at = times.get(pid)?.ppid; at && at > 1; at = times.get(at)?.ppid) if (at === process.pid) return true;
  return false;
}

/** Which part of the platform a process is: a supervised process, PostgreSQL, NATS, Redis or this bench. */
function partOf(pid: number, comm: string, supervised: Map<number, string>, extra: Map<number, string>) {
  const name = supervised.get(pid);
  if (name) return name.replace(/-\d+$/, '');
  if (comm === 'postgres') return 'PostgreSQL';
  if (comm === 'nats-server') return 'NATS';
  if (comm === 'redis-server') return 'Redis';
  return extra.get(pid) ?? (pid === process.pid ? 'bench client' : null);
}

/**
 * CPU ms each part spent since `before` (a processTimes() reading): processes started since count
 * whole, ended ones not at all. `pids` are the cluster's supervised processes by part name;
 * `others` names more processes of the bench's own (a child holding client sockets).
 *
 * Only what serves the bench is billed, so another suite on the same machine does not show up as
 * the platform's cost: a NATS or Redis server of the bench's own when it started one (else the
 * machine's), and PostgreSQL's shared processes with the backends of `database` only (when given).
 */
export function cpuByPart(
  pids: Record<string, number | undefined>,
  before: ReturnType<typeof processTimes>,
  others: Record<string, number | undefined> = {},
  database?: string,
) {
  const byPid = (named: Record<string, number | undefined>) =>
    new Map(Object.entries(named).flatMap(([name, pid]) => (pid ? [[pid, name] as const] : [])));
  const [supervised, extra] = [byPid(pids), byPid(others)];
  const now = processTimes();
  const owned = new Set(
    [...now]
      .filter(([pid, { comm }]) => (comm === 'nats-server' || comm === 'redis-server') && descendsFromUs(pid, now))
      .map(([, p]) => p.comm),
  );
  const billed = (pid: number, comm: string) => {
    if (owned.has(comm)) return descendsFromUs(pid, now);
    if (comm === 'postgres' && database) {
      const of = databaseOf(pid);
      return of === null || of === database;
    }
    return true;
  };
  const parts: Record<string, number> = {};
  for (const [pid, { comm, ms }] of now) {
    const part = partOf(pid, comm, supervised, extra);
    if (part && billed(pid, comm)) parts[part] = (parts[part] ?? 0) + ms - (before.get(pid)?.ms ?? 0);
  }
  return parts;
}
