import { lookup as lookupAddresses } from 'node:dns/promises';
import { Agent, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { App, Logger } from '@commonwork/kit';
import proxyAddr from '@fastify/proxy-addr';
import { Upstreams } from './upstreams.ts';

export interface RealtimeProxyOptions {
  /** Base URLs of the realtime replicas, e.g. `['http://127.0.0.1:4010', 'http://127.0.0.1:4011']`. */
  upstreams: readonly string[];
  /** Or the replicas found by DNS (a headless Service's name): takes the place of `upstreams`. */
  dns?: RealtimeDns;
  /** Proxies whose X-Forwarded-For names the client, as for the gateway's `request.ip`. */
  trustedProxies: readonly string[];
  log: Logger;
}

/** Every address a host name resolves to (all its A/AAAA records). */
export type LookupAll = (hostname: string) => Promise<string[]>;

export interface RealtimeDns {
  /** `http://realtime:4010`: the replicas are every address `realtime` resolves to, each on port 4010. */
  url: string;
  /** How often the name is looked up again; default 5,000 ms. */
  refreshMs?: number;
  /** The lookup; by default the system's resolver (getaddrinfo: /etc/hosts, the search domains, every record). */
  lookup?: LookupAll;
}

const systemLookup: LookupAll = async (hostname) => (await lookupAddresses(hostname, { all: true })).map((a) => a.address);

/** The answer for "no such name" or "no records": no replica right now (none ready), not a failed lookup. */
const NO_RECORDS = new Set(['ENOTFOUND', 'ENODATA']);

/**
 * The realtime replicas as found by DNS, looked up again every `refreshMs`: a headless Service's
 * name resolves to one address per ready pod, so the tier scales with `kubectl scale` or its HPA and
 * nothing else. Sorted, so every gateway replica orders them alike and a client's sticky replica is
 * the same whichever gateway it reaches. A failed lookup keeps the last list; no records empties it.
 */
export async function discoverReplicas(dns: RealtimeDns, log: Logger) {
  const base = new URL(dns.url);
  const lookup = dns.lookup ?? systemLookup;
  let current: URL[] = [];
  const refresh = async () => {
    try {
      const addresses = [...new Set(await lookup(base.hostname.replace(/^\[|\]$/g, '')))].sort();
      const next = addresses.map((a) => new URL(`${base.protocol}//${a.includes(':') ? `[${a}]` : a}:${base.port || 80}`));
      if (next.map(String).join() !== current.map(String).join()) log.info({ replicas: addresses }, 'realtime replicas');
      current = next;
    } catch (error) {
      if (NO_RECORDS.has((error as NodeJS.ErrnoException).code ?? '')) current = [];
      else log.warn({ err: error, name: base.hostname }, 'realtime replicas not looked up; keeping the last ones');
    }
  };
  await refresh();
  let running = Promise.resolve();
  const timer = setInterval(() => {
    running = refresh();
  }, dns.refreshMs ?? 5_000);
  timer.unref();
  return {
    current: () => current,
    /** Looks the name up now (the next lookups keep their rhythm). */
    refresh,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * Errors of the connecting phase: nothing reached the replica, so the request can go to the next
 * one as it is. A name that does not resolve is a replica being replaced (a pod between deletion
 * and start, a stopped container).
 */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Socket.IO's default path; the web client connects to the gateway's origin. */
const PATH = '/socket.io/';
/** Largest polling body passed on: Socket.IO's own `maxHttpBufferSize` (1 MB) and room for framing. */
const MAX_BODY = 2 * 1_048_576;

// Hop-by-hop headers describe one connection and are never forwarded (RFC 9110 §7.6.1).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'upgrade',
]);

/**
 * Proxies `/socket.io/` to the realtime replicas: HTTP long-polling through a Fastify route, and the
 * WebSocket upgrade as a raw TCP pipe from the HTTP server's `upgrade` event (no `ws` termination,
 * no new dependency).
 *
 * Sticky sessions: an Engine.IO session lives on the replica that created it, and a client's
 * polling requests and its upgrade must all reach that replica. The replica is chosen by a stable
 * hash of the client address (the gateway's `request.ip`: the peer, or what a trusted proxy names), like
 * nginx's `ip_hash`; when it cannot be reached, the next replica in a fixed order is tried, so a
 * client keeps landing on the same survivor. Clients behind one address share a replica.
 *
 * Neither rate limits nor edge auth apply here: the realtime tier authenticates the handshake.
 */
export async function registerRealtimeProxy(app: App, options: RealtimeProxyOptions) {
  const log = options.log.child({ part: 'realtime-proxy' });
  const fixed = options.upstreams.map((u) => new URL(u));
  if (fixed.length === 0 && !options.dns) return;
  const discovered = options.dns ? await discoverReplicas(options.dns, log) : null;
  const replicas = () => discovered?.current() ?? fixed;
  // A fixed list (cluster mode) is probed as the services' replicas are: one that says it is not
  // ready (draining, or cut from Redis or NATS) gets no new client while another is. Found by DNS,
  // the replicas are the ready pods already.
  const probed = discovered ? null : new Upstreams('realtime', options.upstreams, log);
  probed?.start();
  const trust = proxyAddr.compile([...options.trustedProxies]);
  const agent = new Agent({ keepAlive: true });
  const tunnels = new Set<Duplex>();

  await app.register(async (scope) => {
    // The body is piped as it comes, never parsed: polling payloads are Engine.IO packets.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({
      method: ['GET', 'POST', 'OPTIONS'],
      url: `${PATH}*`,
      config: { rateLimit: false },
      handler: async (request, reply) => {
        reply.hijack();
        // Polling bodies are small (Socket.IO caps them at 1 MB): read whole, so a refused connection can be retried elsewhere.
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of request.raw as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > MAX_BODY) return void reply.raw.writeHead(413).end();
          chunks.push(chunk);
        }
        const order = replicaOrder(request.raw);
        if (order.length === 0) return void unavailable(reply.raw);
        forwardHttp(request.raw, Buffer.concat(chunks), reply.raw, order, 0);
      },
    });
  });

  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!req.url?.startsWith(PATH)) {
      if (app.server.listenerCount('upgrade') === 1) socket.destroy();
      return;
    }
    const order = replicaOrder(req);
    if (order.length === 0) return void socket.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    forwardUpgrade(req, socket, head, order, 0);
  });

  app.addHook('preClose', async () => {
    await discovered?.stop();
    probed?.stop();
    for (const tunnel of tunnels) tunnel.destroy();
    agent.destroy();
  });

  /** The replicas to try, the client's own first (none: no replica to send it to). */
  function replicaOrder(req: IncomingMessage): URL[] {
    const upstreams = replicas();
    if (upstreams.length === 0) return [];
    const start = replicaIndexFor(proxyAddr(req, trust), upstreams.length);
    const order = upstreams.map((_, i) => upstreams[(start + i) % upstreams.length] as URL);
    if (!probed) return order;
    // The client's own replica while it is ready, else the next ready one in the fixed order (every gateway picks the same).
    const ready = (url: URL) => probed.isReady(options.upstreams[fixed.indexOf(url)] as string);
    return [...order.filter(ready), ...order.filter((url) => !ready(url))];
  }

  function forwardHttp(req: IncomingMessage, body: Buffer, res: ServerResponse, order: URL[], attempt: number) {
    const target = order[attempt] as URL;
    const upstream = httpRequest({
      host: hostOf(target),
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...withoutFraming(forwardedHeaders(req)), 'content-length': String(body.length) },
      agent,
    });
    upstream.on('response', (answer) => {
      const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
      res.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(res);
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (UNREACHABLE.has(error.code ?? '') && attempt + 1 < order.length) return forwardHttp(req, body, res, order, attempt + 1);
      log.warn({ err: error, upstream: target.host }, 'realtime replica unreachable');
      unavailable(res);
    });
    // A client that gives up (a closed tab mid-poll) ends the upstream request; a finished one leaves the kept-alive socket alone.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.end(body);
  }

  function forwardUpgrade(req: IncomingMessage, client: Duplex, head: Buffer, order: URL[], attempt: number) {
    const target = order[attempt] as URL;
    const upstream: Socket = connect({ host: hostOf(target), port: Number(target.port) || 80 });
    const refused = (error: NodeJS.ErrnoException) => {
      if (UNREACHABLE.has(error.code ?? '') && attempt + 1 < order.length) return forwardUpgrade(req, client, head, order, attempt + 1);
      log.warn({ err: error, upstream: target.host }, 'realtime replica unreachable');
      client.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    };
    upstream.once('error', refused);
    upstream.once('connect', () => {
      upstream.off('error', refused);
      upstream.setNoDelay(true);
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (const [name, value] of Object.entries(forwardedHeaders(req, true))) {
        for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) lines.push(`${name}: ${v}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client).pipe(upstream);
      tunnels.add(upstream);
      const close = () => {
        tunnels.delete(upstream);
        upstream.destroy();
        client.destroy();
      };
      upstream.on('error', close).on('close', close);
      client.on('error', close).on('close', close);
    });
  }
}

function unavailable(res: ServerResponse) {
  if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ success: false, message: 'Realtime service unavailable', error: 'BAD_GATEWAY' }));
}

/** A URL's host for a connection: an IPv6 address without its brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** The headers sent on: hop-by-hop ones dropped (kept for an upgrade, which needs them), X-Forwarded-* added. */
function forwardedHeaders(req: IncomingMessage, upgrade = false): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (upgrade ? name !== 'x-forwarded-for' : !HOP_BY_HOP.has(name) && name !== 'x-forwarded-for') headers[name] = value;
  }
  const prior = req.headers['x-forwarded-for'];
  const peer = req.socket.remoteAddress ?? '';
  headers['x-forwarded-for'] = prior ? `${Array.isArray(prior) ? prior.join(', ') : prior}, ${peer}` : peer;
  headers['x-forwarded-proto'] ??= 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  if (req.headers.host) headers['x-forwarded-host'] ??= req.headers.host;
  return headers;
}

/** The headers without the body's framing: the body is sent whole, with its length. */
function withoutFraming({ 'transfer-encoding': _chunked, 'content-length': _length, ...rest }: IncomingHttpHeaders): IncomingHttpHeaders {
  return rest;
}

/** Which of `count` replicas a client address goes to first (tests place clients with it). */
export function replicaIndexFor(address: string, count: number): number {
  return fnv1a(address) % count;
}

/** FNV-1a, 32 bits: stable across processes and restarts, so every gateway replica picks alike. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
