import { bffRoutes, DASHBOARD_LIST_SIZES, type Dashboard, type DashboardSection } from '@commonwork/contracts';
import { type App, type Logger, registerRoute, type TokenVerifier } from '@commonwork/kit';

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
  path: string;
  /** The section's value in the service's answer. */
  pick: (body: never) => Dashboard[K];
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
  registerRoute(app, options.verifier, bffRoutes.dashboard, async ({ caller, request }) => {
    const calls = [
      section({
        section: 'trendingGigs',
        service: 'marketplace',
        path: `/api/gigs/trending?limit=${trending}`,
        pick: (body: { gigs: Dashboard['trendingGigs'] }) => body.gigs,
        empty: [],
      }),
      section({
        section: 'topFreelancers',
        service: 'identity',
        path: `/api/users/top-freelancers?limit=${freelancers}`,
        pick: (body: { users: Dashboard['topFreelancers'] }) => body.users,
        empty: [],
      }),
      section({
        section: 'upcomingEvents',
        service: 'events',
        path: `/api/events/upcoming?limit=${events}`,
        pick: (body: { data: Dashboard['upcomingEvents'] }) => body.data,
        empty: [],
      }),
      section({
        section: 'analytics',
        service: 'marketplace',
        path: '/api/gigs/user/analytics',
        pick: (body: { data: NonNullable<Dashboard['analytics']> }) => body.data,
        empty: null,
      }),
      section({
        section: 'stats',
        service: 'identity',
        path: `/api/users/${caller.sub}/stats`,
        pick: (body: { stats: NonNullable<Dashboard['stats']> }) => body.stats,
        empty: null,
      }),
    ] as const;

    const headers = { authorization: `Bearer ${caller.token}`, 'x-request-id': request.id, accept: 'application/json' };
    const unavailable: DashboardSection[] = [];
    const results = await Promise.all(
      calls.map(async (call) => {
        try {
          const res = await fetch(`${options.baseUrl(call.service)}${call.path}`, {
            headers,
            signal: AbortSignal.timeout(options.sectionTimeoutMs),
          });
          if (!res.ok) throw new Error(`${call.service} answered ${res.status}`);
          return call.pick((await res.json()) as never);
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
  });
}
