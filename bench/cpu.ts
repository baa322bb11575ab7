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
 */
export function cpuByPart(
  pids: Record<string, number | undefined>,
  before: ReturnType<typeof processTimes>,
  others: Record<string, number | undefined> = {},
) {
  const byPid = (named: Record<string, number | undefined>) =>
    new Map(Object.entries(named).flatMap(([name, pid]) => (pid ? [[pid, name] as const] : [])));
  const [supervised, extra] = [byPid(pids), byPid(others)];
  const parts: Record<string, number> = {};
  for (const [pid, { comm, ms }] of processTimes()) {
    const part = partOf(pid, comm, supervised, extra);
    if (part) parts[part] = (parts[part] ?? 0) + ms - (before.get(pid)?.ms ?? 0);
  }
  return parts;
}
