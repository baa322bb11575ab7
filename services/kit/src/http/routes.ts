import type { AccessClaims, RouteContract } from '@commonwork/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { bearerToken, requireScope, type TokenVerifier } from '../auth/verifier.ts';
import { currentCommitHooks, withCommitHooks } from '../db/commitHooks.ts';
import { Unauthorized } from '../errors.ts';
import type { App } from './app.ts';
import { idempotencyFor, idempotencyKeyOf, type KeyClaim } from './idempotency.ts';

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

/** What a handler receives: the contract's parsed input and, for signed-in calls, the caller. */
export interface RouteInput<C extends RouteContract> {
  params: Infer<C['params']>;
  query: Infer<C['querystring']>;
  body: Infer<C['body']>;
  caller: C['auth'] extends 'user' ? Caller : Caller | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
    /** A write's hold on its Idempotency-Key, until its answer is recorded. */
    idempotencyClaim: Pick<KeyClaim, 'settle'> | null;
  }
}

/** The signed-in user behind a request, with the raw token to forward on their behalf. */
export interface Caller extends AccessClaims {
  token: string;
}

type Output<C extends RouteContract> = { [S in keyof C['response']]: z.input<C['response'][S]> }[keyof C['response']];

/**
 * Registers a handler for a route contract. The pipeline reads in order: authenticate (per the
 * contract's `auth`), validate (the contract's zod schemas), handle. Authorization is the
 * handler's, because only the domain knows who owns what. A signed-in write with an Idempotency-Key
 * is done once per key (idempotency.ts): its key is committed with its transactions, and a repeat
 * is answered from the record.
 *
 * `answeredByWrite`: the handler's only effect is at most one aggregate write, and it answers with
 * the answer it declares to that write (`handle`'s `answer`) or, writing nothing, from reads. Its key
 * is then recorded, with that answer, in the write's own statement instead of claimed before the
 * handler and answered after it (two statements fewer); a repeat runs the reads and is answered
 * from the record. A handler that calls other services or writes anything else must not say so.
 *
 * `composedOfCheckedAnswers`: the answer is put together from other services' answers, each already
 * checked against its contract by the service that wrote it (the gateway's dashboard); it is written
 * as it is, not checked against the contract a second time. Its schema still documents it.
 */
export function registerRoute<C extends RouteContract>(
  app: App,
  verifier: TokenVerifier,
  contract: C,
  handler: (input: RouteInput<C>) => Promise<Output<C>>,
  options: { answeredByWrite?: boolean; composedOfCheckedAnswers?: boolean } = {},
) {
  // A call whose payload is all optional (a read marker's sequence) may come with no body at all.
  // Fastify validates an absent body as null, which no object schema (nor its default) accepts.
  const bodyMayBeAbsent = contract.body?.safeParse({}).success === true;
  app.route({
    method: contract.method,
    url: contract.url,
    schema: {
      ...(contract.params && { params: contract.params }),
      ...(contract.querystring && { querystring: contract.querystring }),
      ...(contract.body && { body: contract.body }),
      response: contract.response,
    },
    ...(options.composedOfCheckedAnswers && { serializerCompiler: () => (data: unknown) => JSON.stringify(data) }),
    // Authentication runs before validation, so an anonymous caller learns nothing about the input rules.
    onRequest: async (request) => {
      request.caller = await authenticate(verifier, request, contract);
    },
    preValidation: async (request) => {
      if (bodyMayBeAbsent && isAbsent(request.body)) request.body = {};
    },
    handler: async (request, reply) => {
      const input = {
        params: request.params,
        query: request.query,
        body: request.body,
        caller: request.caller,
        request,
        reply,
      } as RouteInput<C>;
      const idempotency = idempotencyFor(app);
      const key = idempotency && idempotencyKeyOf(request, contract);
      if (!idempotency || !key) return handler(input);
      if (options.answeredByWrite) return idempotency.answeredInWrite(request, reply, key, () => handler(input));
      const begun = await idempotency.begin(request, reply, key);
      if (!begun) return reply;
      request.idempotencyClaim = begun;
      try {
        return await withCommitHooks([...currentCommitHooks(), begun.hook], () => handler(input));
      } catch (error) {
        if (!(await begun.takenOver())) throw error;
        request.idempotencyClaim = null;
        await begun.holderAnswer(reply);
        return reply;
      }
    },
    onSend: async (request, reply, payload) => {
      const claim = request.idempotencyClaim;
      if (!claim) return payload;
      request.idempotencyClaim = null;
      const type = reply.getHeader('content-type');
      await claim.settle(reply.statusCode, typeof type === 'string' ? type : undefined, payload);
      return payload;
    },
  });
}

/** No body: none sent, an empty one (JSON or text), or whitespace. */
function isAbsent(body: unknown) {
  return body === undefined || body === null || (typeof body === 'string' && body.trim() === '');
}

async function authenticate(verifier: TokenVerifier, request: FastifyRequest, contract: RouteContract) {
  const mode = contract.auth;
  if (mode === 'public') return null;
  const token = bearerToken(request.headers.authorization);
  if (!token) {
    if (mode === 'optional') return null;
    throw Unauthorized();
  }
  const claims = await verifier(token);
  // A personal access token needs the route's scope (every service checks, not only the gateway).
  requireScope(claims, contract.scope);
  request.log = request.log.child({ userId: claims.sub, ...(claims.tid && { tokenId: claims.tid }) });
  return { ...claims, token };
}
