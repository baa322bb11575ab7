import { type RouteContract, SERVICE_ROUTES } from '@commonwork/contracts';
import { bearerToken, requireScope, type TokenVerifier, Unauthorized } from '@commonwork/kit';
import type { FastifyRequest } from 'fastify';

interface CompiledRoute {
  method: string;
  pattern: RegExp;
  params: number;
  auth: RouteContract['auth'];
  scope: RouteContract['scope'];
}

const compile = (route: RouteContract): CompiledRoute => ({
  method: route.method,
  pattern: new RegExp(`^${route.url.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
  params: route.url.split(':').length - 1,
  auth: route.auth,
  scope: route.scope,
});

// Fewest parameters first: a static segment (`/api/users/setup`) wins over `/api/users/:id`, as in the services' routers.
const ROUTES = Object.values(SERVICE_ROUTES)
  .flat()
  .map(compile)
  .sort((a, b) => a.params - b.params);

/** A route's access rule from the contracts; an API path no contract names needs a token. */
export function accessRule(method: string, path: string): RouteContract['auth'] {
  return routeOf(method, path)?.auth ?? 'user';
}

const routeOf = (method: string, path: string) => ROUTES.find((r) => r.method === method && r.pattern.test(path));

/**
 * Verifies the access token at the edge, so an anonymous or forged request to a signed-in call
 * never reaches a service. Services verify again: no service trusts the gateway blindly.
 *
 * In two steps, so the rate limiter runs between them: `identify` names the caller or notes the
 * refusal, the limiter counts the request (per user, or per address when there is no valid token),
 * then `enforce` refuses. A flood of bad tokens is limited like any other. A personal access token
 * lacking the scope the route's contract declares is refused the same way, before any service sees it.
 */
export function createEdgeAuth(verifier: TokenVerifier) {
  const refusals = new WeakMap<FastifyRequest, Error>();
  return {
    identify: async (request: FastifyRequest) => {
      const path = request.url.split('?')[0] ?? '';
      if (!path.startsWith('/api/') || path.startsWith('/api/docs') || request.method === 'OPTIONS') return;
      const route = routeOf(request.method, path);
      const rule = route?.auth ?? 'user';
      const token = bearerToken(request.headers.authorization);
      if (rule === 'public') return;
      if (!token) {
        if (rule !== 'optional') refusals.set(request, Unauthorized());
        return;
      }
      try {
        request.caller = { ...(await verifier(token)), token };
        // A personal access token without the route's scope stops here (403 INSUFFICIENT_SCOPE), still
        // counted on its own budget; a path no contract names declares no scope, so no token passes it.
        requireScope(request.caller, route?.scope);
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
