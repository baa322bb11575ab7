import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { type HttpMethod, IDEMPOTENCY_KEY_HEADER, WRITE_METHODS } from '@commonwork/contracts';
import { createError, DEFAULT_BODY_LIMIT, withoutCallerTrace } from '@commonwork/kit';
import type { FastifyHttpProxyOptions } from '@fastify/http-proxy';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BodyTooLarge } from './bodyLimit.ts';
import type { Upstreams } from './upstreams.ts';

export const ServiceUnavailable = createError('SERVICE_UNAVAILABLE', 'Service temporarily unavailable', 503);
export const BadGateway = createError('BAD_GATEWAY', 'The service did not answer', 502);
export const GatewayTimeout = createError('GATEWAY_TIMEOUT', 'The service took too long to answer', 504);

/** The connection was never made: nothing of the request reached the replica. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);
/** The connection broke after the request may have been read. */
const BROKEN = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);
const TIMED_OUT = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'FST_REPLY_FROM_GATEWAY_TIMEOUT']);
/** Safe to send twice (RFC 9110 §9.2.2) and sent without a body, so it can be sent again as it is. */
const REPEATABLE = new Set(['GET', 'HEAD', 'OPTIONS']);

type ReplyOptions = NonNullable<FastifyHttpProxyOptions['replyOptions']>;

/** A write the gateway can send again: its JSON body kept (or none), and the key it goes with. */
interface Replayable {
  body: Buffer | null;
  key: string;
}
const replayable = new WeakMap<object, Replayable>();
/** What of a request the choice to send it again reads (the proxy's requests are typed over any server). */
type Forwarded = Pick<FastifyRequest, 'headers' | 'method'>;

const KEY_HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
const isJson = (contentType: string | undefined) => {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json');
};

/**
 * Keeps a write's JSON body (up to the services' limit) so it can be sent to another replica when
 * the first breaks off before answering, and gives it an Idempotency-Key when the caller sent none,
 * so the service does it once however often it arrives. Uploads are streamed as before and never
 * sent twice. Runs before the proxy, whose body is then a stream over the kept bytes.
 */
export async function keepWriteForReplay(request: FastifyRequest, reply: FastifyReply) {
  if (!WRITE_METHODS.has(request.method as HttpMethod)) return;
  const sent = request.headers[KEY_HEADER];
  const key = typeof sent === 'string' ? sent : randomUUID();
  if (!hasBody(request)) {
    replayable.set(request, { body: null, key });
    return;
  }
  if (!isJson(request.headers['content-type']) || !(request.body instanceof Readable)) return;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of request.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      // A chunked body declares no length: the limit the declared length meets at the door holds here.
      if (size > DEFAULT_BODY_LIMIT) throw BodyTooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    // The browser left mid-body (a tab closed): no one to answer, and the kit logs the request as closed.
    if (request.raw.aborted || reply.raw.destroyed) return void reply.hijack();
    throw error;
  }
  const body = Buffer.concat(chunks);
  replayable.set(request, { body, key });
  request.body = Readable.from([body]);
}

/** The headers for a kept write: its key, the caller's or the one the gateway gave it. */
const withKey = (request: object, headers: Record<string, string | string[] | undefined>) => {
  const kept = replayable.get(request);
  return kept && headers[KEY_HEADER] === undefined ? { ...headers, [KEY_HEADER]: kept.key } : headers;
};

/**
 * Whether a request can go to another replica after this error. A request that never reached the
 * replica can when its body is kept or it has none; one whose connection broke can when it is safe
 * to repeat: a read, or a signed-in write with its key (the service records the key in the write's
 * own transaction and answers a repeat from the record). An anonymous write is not recorded, so it is
 * not sent again once it may have been read.
 */
const mayRetry = (request: Forwarded, code: string) => {
  const kept = replayable.has(request);
  if (NOT_SENT.has(code)) return kept || !hasBody(request);
  if (!BROKEN.has(code)) return false;
  return REPEATABLE.has(request.method) || (kept && request.headers.authorization !== undefined);
};

/** The failing call's own code (a refused connection's ECONNREFUSED), under the proxy's error that wraps it. */
const codeOf = (error: Error) => {
  const { code, cause } = error as Error & { code?: string; cause?: { code?: string } };
  return cause?.code ?? code ?? '';
};
const hasBody = (request: Pick<FastifyRequest, 'headers'>) =>
  Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;

/**
 * The browser went away (a tab closed, a page left) before its answer: the connection to answer on
 * is gone. (The request's own stream says little: the proxy destroys it when a replica refuses its body.)
 */
const clientLeft = (reply: { raw: { destroyed: boolean } }) => reply.raw.destroyed;

/**
 * The request's logger for the proxy: the proxy warns 'response errored' with the stack whenever the
 * forwarded call fails, the client's own leaving included (its half-read body breaks the call); that
 * one is the client's doing, logged once by the kit, and the proxy's warning goes to debug.
 */
export function proxyLogger(request: FastifyRequest, reply: { raw: { destroyed: boolean } }): FastifyRequest['log'] {
  const log = request.log;
  return Object.assign(Object.create(log), {
    warn: (...args: Parameters<typeof log.warn>) => (clientLeft(reply) ? log.debug(...args) : log.warn(...args)),
  });
}

/**
 * The proxy's reply options for one service: each request goes to the replicas in the order
 * `upstreams` gives, and on to the next when one cannot take it (`mayRetry`). When none can, the
 * answer is ours: 503 when no replica was reached, 502 when one broke off, 504 when one took too long.
 */
export function replicaReplyOptions(
  upstreams: Upstreams,
  rewriteRequestHeaders: NonNullable<ReplyOptions['rewriteRequestHeaders']>,
): ReplyOptions {
  const tries = new WeakMap<object, { order: string[]; attempt: number }>();
  const options: ReplyOptions = {
    rewriteRequestHeaders: (request, headers) => withoutCallerTrace(withKey(request, rewriteRequestHeaders(request, headers))),
    getUpstream: (request) => {
      const order = upstreams.order();
      tries.set(request, { order, attempt: 0 });
      return order[0] as string;
    },
    onError: (reply, { error }) => {
      const request = reply.request;
      // Nothing failed upstream, and there is no one to answer (the kit logs the request as closed).
      if (clientLeft(reply)) return void reply.hijack();
      const state = tries.get(request);
      const code = codeOf(error);
      // A replica that refuses connections is gone until its probe says otherwise: the next requests skip it.
      if (state && NOT_SENT.has(code)) upstreams.markDown(state.order[state.attempt] as string);
      if (state && mayRetry(request, code) && state.attempt + 1 < state.order.length) {
        state.attempt += 1;
        const next = state.order[state.attempt] as string;
        request.log.warn({ err: error, service: upstreams.service, next }, 'replica failed; trying the next');
        // The kept body, read again from its start (the stream sent to the failed replica is spent).
        const kept = replayable.get(request);
        if (kept?.body) request.body = Readable.from([kept.body]);
        return void reply.from(request.url, { ...options, getUpstream: () => next });
      }
      request.log.warn({ err: error, service: upstreams.service }, 'no replica answered');
      const own = (error as { code?: string }).code ?? '';
      reply.send(NOT_SENT.has(code) ? ServiceUnavailable() : TIMED_OUT.has(code) || TIMED_OUT.has(own) ? GatewayTimeout() : BadGateway());
    },
  };
  return options;
}
