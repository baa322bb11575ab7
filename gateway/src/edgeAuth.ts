import { type RouteContract, SERVICE_ROUTES } from '@commonwork/contracts';
import { bearerToken, type TokenVerifier, Unauthorized } from '@commonwork/kit';
import type { FastifyRequest } from 'fastify';

interface CompiledRoute {
  method: string;
  pattern: RegExp;
  params: number;
  auth: RouteContract['auth'];
}

const compile = (route: RouteContract): CompiledRoute => ({
  method: route.method,
  pattern: new RegExp(`^${route.url.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
  params: route.url.split(':').length - 1,
  auth: route.auth,
});

// Fewest parameters first: a static segment (`/api/users/setup`) wins over `/api/users/:id`, as in the services' routers.
const ROUTES = Object.values(SERVICE_ROUTES)
  .flat()
  .map(compile)
  .sort((a, b) => a.params - b.params);

/** A route's access rule from the contracts; an API path no contract names needs a token. */
export function accessRule(method: string, path: string): RouteContract['auth'] {
  return ROUTES.find((r) => r.method === method && r.pattern.test(path))?.auth ?? 'user';
}

/**
 * Verifies the access token at the edge, so an anonymous or forged request to a signed-in call
 * never reaches a service. Services verify again: no service trusts the gateway blindly.
 *
 * In two steps, so the rate limiter runs between them: `identify` names the caller or notes the
 * refusal, the limiter counts the request (per user, or per address when there is no valid token),
 * then `enforce` refuses. A flood of bad tokens is limited like any other.
 */
export function createEdgeAuth(verifier: TokenVerifier) {
  const refusals = new WeakMap<FastifyRequest, Error>();
  return {
    identify: async (request: FastifyRequest) => {
      const path = request.url.split('?')[0] ?? '';
      if (!path.startsWith('/api/') || path.startsWith('/api/docs') || request.method === 'OPTIONS') return;
      const rule = accessRule(request.method, path);
      const token = bearerToken(request.headers.authorization);
      if (rule === 'public') return;
      if (!token) {
        if (rule !== 'optional') refusals.set(request, Unauthorized());
        return;
      }
      try {
        request.caller = { ...(await verifier(token)), token };
      } catch (error) {
        refusals.set(request, error as Error);
      }
    },
    enforce: async (request: FastifyRequest) => {
      const refusal = refusals.get(request);
      if (refusal) throw refusal;
    },
  };
}
