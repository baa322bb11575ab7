import {
  type ApiClient,
  bffRoutes,
  createApiClient,
  DASHBOARD_LIST_SIZES,
  type Dashboard,
  type DashboardSection,
  eventsRoutes,
  identityRoutes,
  marketplaceRoutes,
} from '@commonwork/contracts';
import { type App, type Logger, pooledFetch, registerRoute, type TokenVerifier } from '@commonwork/kit';

/** A section slower than this is left out: the dashboard is never slower than its slowest allowed part. */
export const DEFAULT_SECTION_TIMEOUT_MS = 1_000;

export interface DashboardOptions {
  log: Logger;
  verifier: TokenVerifier;
  /** The base URL of a ready replica of a service, by the service's name. */
  baseUrl: (service: string) => string;
  /** How long each section may take before it is left empty. */
  sectionTimeoutMs: number;
}

interface SectionCall<K extends DashboardSection> {
  section: K;
  service: string;
  /** Fetches the section's value from its service. */
  load: (api: ApiClient, signal: AbortSignal) => Promise<Dashboard[K]>;
  /** What the section is when its service failed or was too slow. */
  empty: Dashboard[K];
}

const section = <K extends DashboardSection>(call: SectionCall<K>) => call;

/**
 * GET /api/bff/dashboard (spec 000 §2): the five sections fetched from their services at once, each
 * under its own time limit, with the caller's token; a section that fails or is late is empty and
 * named in `unavailable`, and the others are answered all the same.
 */
export function registerDashboard(app: App, options: DashboardOptions) {
  const { trending, freelancers, events } = DASHBOARD_LIST_SIZES;
  registerRoute(
    app,
    options.verifier,
    bffRoutes.dashboard,
    async ({ caller, request }) => {
      const { token } = caller;
      const calls = [
        section({
          section: 'trendingGigs',
          service: 'marketplace',
          load: async (api, signal) => (await api.call(marketplaceRoutes.trending, { query: { limit: trending }, token, signal })).gigs,
          empty: [],
        }),
        section({
          section: 'topFreelancers',
          service: 'identity',
          load: async (api, signal) =>
            (await api.call(identityRoutes.topFreelancers, { query: { limit: freelancers }, token, signal })).users,
          empty: [],
        }),
        section({
          section: 'upcomingEvents',
          service: 'events',
          load: async (api, signal) => (await api.call(eventsRoutes.upcoming, { query: { limit: events }, token, signal })).data,
          empty: [],
        }),
        section({
          section: 'analytics',
          service: 'marketplace',
          load: async (api, signal) => (await api.call(marketplaceRoutes.analytics, { token, signal })).data,
          empty: null,
        }),
        section({
          section: 'stats',
          service: 'identity',
          load: async (api, signal) => (await api.call(identityRoutes.userStats, { params: { id: caller.sub }, token, signal })).stats,
          empty: null,
        }),
      ] as const;

      const unavailable: DashboardSection[] = [];
      const results = await Promise.all(
        calls.map(async (call) => {
          const api = createApiClient({
            baseUrl: options.baseUrl(call.service),
            fetch: pooledFetch,
            headers: () => ({ 'x-request-id': request.id }),
          });
          try {
            return await call.load(api, AbortSignal.timeout(options.sectionTimeoutMs));
          } catch (error) {
            request.log.warn({ section: call.section, err: error }, 'dashboard section unavailable');
            unavailable.push(call.section);
            return call.empty;
          }
        }),
      );
      const [trendingGigs, topFreelancers, upcomingEvents, analytics, stats] = results as [
        Dashboard['trendingGigs'],
        Dashboard['topFreelancers'],
        Dashboard['upcomingEvents'],
        Dashboard['analytics'],
        Dashboard['stats'],
      ];
      return { success: true as const, data: { trendingGigs, topFreelancers, upcomingEvents, analytics, stats, unavailable } };
    },
    // Each section was checked against its contract by the service that answered it, as any proxied answer is.
    { composedOfCheckedAnswers: true },
  );
}
