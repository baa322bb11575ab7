// Network faults for the fault suite: a part of the cluster runs as a test host of its own, in a
// network namespace reached only through veth links this file makes, one link per dependency, so a
// link taken down is a real partition (packets vanish, connections hang) between that part and that
// dependency alone. Addresses are 10.213.N.0/24, N unused on this machine, and exist only on those
// veths; nothing here sends a packet anywhere but loopback and these links (docs/decisions/tests/network-faults.md).
import { execFileSync } from 'node:child_process';
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import type { ProcessSpec } from '../deploy/local/supervisor.ts';

/** A test host's links: the one other parts and the gateway reach it by, and one per dependency. */
export const LINKS = ['front', 'database', 'nats', 'redis'] as const;
export type LinkName = (typeof LINKS)[number];

interface Link {
  /** The veth's end on this machine, which `cut` takes down. */
  device: string;
  /** This machine's address on the link: where the host's forwarders listen. */
  local: string;
  /** The test host's address on the link. */
  remote: string;
}

const PREFIX = 'cwf';
const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 10_000 }).toString();
const alive = (pid: number) => {
  try {
    return process.kill(pid, 0);
  } catch {
    return false;
  }
};

/** Whether this machine lets the suite make namespaces and veths (root with iproute2; CI is). */
export function namespacesAvailable(): boolean {
  if (process.getuid?.() !== 0) return false;
  try {
    ip('netns', 'list');
    return true;
  } catch {
    return false;
  }
}

/** Deletes the namespaces of earlier runs whose process is gone (a run killed before its cleanup), and what runs in them. */
export function sweepLeftovers() {
  for (const line of ip('netns', 'list').split('\n')) {
    const match = /^cwf(\d+)h\d+/.exec(line);
    if (match && !alive(Number(match[1]))) removeNamespace(line.split(' ')[0] as string);
  }
}

function removeNamespace(name: string) {
  // Processes the suite started inside it: a namespace outlives its name while any of them runs.
  for (const pid of ip('netns', 'pids', name).split('\n').filter(Boolean)) {
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {}
  }
  // Deleting the namespace's end of each veth deletes both ends.
  ip('netns', 'delete', name);
}

/** The third octet of 10.213.N.0/24 no address on this machine uses. */
function freeOctet(taken: Set<number>) {
  const used = new Set([...ip('-4', '-o', 'addr', 'show').matchAll(/inet 10\.213\.(\d+)\./g)].map((m) => Number(m[1])));
  for (let octet = 40; octet < 250; octet++) if (!used.has(octet) && !taken.has(octet)) return octet;
  throw new Error('no free 10.213.N.0/24 for a test host');
}

/** One test host: a namespace with its loopback and a /30 per link. */
export class TestHost {
  readonly links: Record<LinkName, Link>;

  private constructor(
    readonly name: string,
    readonly octet: number,
  ) {
    const devicePrefix = `cf${process.pid % 100_000}${octet}`;
    this.links = Object.fromEntries(
      LINKS.map((link, i) => [
        link,
        { device: `${devicePrefix}${i}`, local: `10.213.${octet}.${4 * i + 1}`, remote: `10.213.${octet}.${4 * i + 2}` },
      ]),
    ) as Record<LinkName, Link>;
  }

  static create(index: number, taken: Set<number>): TestHost {
    const octet = freeOctet(taken);
    taken.add(octet);
    const host = new TestHost(`${PREFIX}${process.pid}h${index}`, octet);
    ip('netns', 'add', host.name);
    try {
      ip('-n', host.name, 'link', 'set', 'lo', 'up');
      for (const link of Object.values(host.links)) {
        const inside = `${link.device}g`;
        ip('link', 'add', link.device, 'type', 'veth', 'peer', 'name', inside);
        ip('link', 'set', inside, 'netns', host.name);
        ip('addr', 'add', `${link.local}/30`, 'dev', link.device);
        ip('link', 'set', link.device, 'up');
        ip('-n', host.name, 'addr', 'add', `${link.remote}/30`, 'dev', inside);
        ip('-n', host.name, 'link', 'set', inside, 'up');
      }
    } catch (error) {
      host.destroy();
      throw error;
    }
    return host;
  }

  /** Where a part in this host listens, as others reach it. */
  get address() {
    return this.links.front.remote;
  }

  /** How a process is started inside the namespace (the supervisor's wrapper). */
  get wrapper() {
    return ['ip', 'netns', 'exec', this.name];
  }

  /** Takes the link down for `ms`, then up again; `during` runs while it is down. Bounded: the link comes up whatever `during` does. */
  async cut<T>(link: LinkName, ms: number, during: () => Promise<T>): Promise<T> {
    const until = Date.now() + ms;
    ip('link', 'set', this.links[link].device, 'down');
    try {
      const result = await during();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, until - Date.now())));
      return result;
    } finally {
      ip('link', 'set', this.links[link].device, 'up');
    }
  }

  destroy() {
    try {
      removeNamespace(this.name);
    } catch {}
  }
}

/**
 * A TCP forwarder on this machine: listens on `from` (a link's local address) and passes each
 * connection on to `to`. `delayMs`, asked for each chunk the target sends back, holds it that long
 * (in order), as `tc netem` would on the link's egress toward the test host.
 */
export async function forward(
  from: { host: string; port: number },
  to: { host: string; port: number },
  delayMs: () => number = () => 0,
): Promise<{ close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = tcpConnect(to);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    let due = 0;
    upstream.on('data', (chunk) => {
      const delay = delayMs();
      if (delay <= 0 && due <= Date.now()) return void client.write(chunk);
      due = Math.max(due, Date.now() + delay);
      setTimeout(() => client.write(chunk), due - Date.now());
    });
    upstream.on('end', () => setTimeout(() => client.end(), Math.max(0, due - Date.now())));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(from.port, from.host, resolve);
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Every host made, removed when this process ends however it ends (short of SIGKILL: `sweepLeftovers` at the next run). */
const made = new Set<TestHost>();
export function track(host: TestHost) {
  if (made.size === 0) {
    process.once('exit', () => {
      for (const h of made) h.destroy();
    });
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        for (const h of made) h.destroy();
        process.kill(process.pid, signal);
      });
    }
  }
  made.add(host);
  return host;
}
export function untrack(host: TestHost) {
  host.destroy();
  made.delete(host);
}

/** A `host:port` in a setting's value (a URL, or a comma-separated list of them). */
const ADDRESS = /(127\.0\.0\.1|10\.213\.\d+\.\d+):(\d+)(?!\d)/g;
const rewrite = (env: NodeJS.ProcessEnv, to: (host: string, port: number) => string) =>
  Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value?.replace(ADDRESS, (_, host, port) => to(host, Number(port)))]));

/** A part of the cluster: its name and the port it listens on. */
interface Placed {
  name: string;
  port: number;
}

/**
 * Runs the named parts each in a test host of its own: each listens on its host's address, which
 * every other part is told instead of 127.0.0.1, and reaches PostgreSQL, NATS, Redis and the other
 * parts through forwarders on this machine's end of the link for each (the servers listen on
 * loopback only), so that a link taken down cuts that part from that dependency alone.
 */
export async function isolate(parts: Placed[], names: string[], dependencies: Record<Exclude<LinkName, 'front'>, number>) {
  sweepLeftovers();
  const taken = new Set<number>();
  const hosts: Record<string, TestHost> = Object.fromEntries(names.map((name, i) => [name, track(TestHost.create(i, taken))]));
  const hostOf = new Map(parts.flatMap((part) => (hosts[part.name] ? [[part.port, hosts[part.name] as TestHost] as const] : [])));
  const delays = new Map<string, () => number>();
  const forwarders = new Map<string, { close: () => Promise<void> }>();
  const linkOf = (port: number): LinkName =>
    port === dependencies.database ? 'database' : port === dependencies.nats ? 'nats' : port === dependencies.redis ? 'redis' : 'front';

  /** A spec as the supervisor is to run it: inside its test host, or told the test hosts' addresses. */
  const place = async (spec: ProcessSpec): Promise<ProcessSpec> => {
    const env = rewrite(spec.env, (host, port) => `${hostOf.get(port)?.address ?? host}:${port}`);
    const host = hosts[spec.name];
    if (!host) return { ...spec, env };
    const wanted: { from: { host: string; port: number }; to: { host: string; port: number }; link: LinkName }[] = [];
    const inside = rewrite(env, (target, port) => {
      const link = linkOf(port);
      wanted.push({ from: { host: host.links[link].local, port }, to: { host: target, port }, link });
      return `${host.links[link].local}:${port}`;
    });
    for (const { from, to, link } of wanted) {
      const key = `${from.host}:${from.port}`;
      if (forwarders.has(key)) continue;
      forwarders.set(key, await forward(from, to, link === 'database' ? () => delays.get(spec.name)?.() ?? 0 : undefined));
    }
    const port = Number(env.PORT);
    return { ...spec, env: { ...inside, HOST: host.address }, readyUrl: `http://${host.address}:${port}/readyz`, wrapper: host.wrapper };
  };
  return {
    place,
    hosts,
    slowDatabase: (part: string, delayMs: (() => number) | null) => void (delayMs ? delays.set(part, delayMs) : delays.delete(part)),
    close: async () => {
      await Promise.all([...forwarders.values()].map((f) => f.close()));
      for (const host of Object.values(hosts)) untrack(host);
    },
  };
}
