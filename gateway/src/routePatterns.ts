import { API_OPERATIONS } from '@commonwork/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * The contract's pattern of a request's path (`/api/gigs/:id`), for metrics: the gateway's own
 * routes for what it proxies are prefixes, and a raw path would make one series per id.
 */
export function contractRoutes(operations: readonly { route: { method: string; url: string } }[] = API_OPERATIONS) {
  const byMethod = new Map<string, { url: string; pattern: RegExp; params: number }[]>();
  for (const { route } of operations) {
    const segments = route.url.split('/');
    const pattern = new RegExp(
      `^${segments.map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}/?$`,
    );
    const list = byMethod.get(route.method) ?? [];
    list.push({ url: route.url, pattern, params: segments.filter((s) => s.startsWith(':')).length });
    byMethod.set(route.method, list);
  }
  // Fixed segments win over parameters (`/api/gigs/search` before `/api/gigs/:id`), as in the router.
  for (const list of byMethod.values()) list.sort((a, b) => a.params - b.params);
  return (request: Pick<FastifyRequest, 'method' | 'url'>): string | undefined => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/')) return undefined;
    return byMethod.get(request.method)?.find((r) => r.pattern.test(path))?.url;
  };
}
