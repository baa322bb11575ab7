import { DashboardResponse } from '../dashboard.ts';
import { ErrorBody } from '../errors.ts';
import { defineRoute } from './route.ts';

/** Calls the gateway answers itself, composed from several services (backend for the front end). */
export const bffRoutes = {
  dashboard: defineRoute({
    method: 'GET',
    url: '/api/bff/dashboard',
    summary: 'The dashboard in one call: trending gigs, top freelancers, upcoming events, your gig analytics and statistics',
    auth: 'user',
    scope: 'gigs:read',
    response: { 200: DashboardResponse, 401: ErrorBody },
  }),
} as const;
