import { z } from 'zod';
import { ErrorBody } from '../errors.ts';
import {
  AiSearchRequest,
  AiSearchResponse,
  GigAnalyticsResponse,
  GigIdParams,
  GigInput,
  GigListResponse,
  GigResponse,
  ListGigsQuery,
  SuggestionsQuery,
  SuggestionsResponse,
  TrendingQuery,
  TrendingResponse,
} from '../gigs.ts';
import { defineRoute } from './route.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const marketplaceRoutes = {
  listGigs: defineRoute({
    method: 'GET',
    url: '/api/gigs',
    summary: 'Active gigs (and your own drafts), filtered, sorted and searched, 12 a page',
    auth: 'optional',
    querystring: ListGigsQuery,
    response: { 200: GigListResponse, ...errors },
  }),
  trending: defineRoute({
    method: 'GET',
    url: '/api/gigs/trending',
    summary: 'The most viewed and ordered active gigs',
    auth: 'optional',
    querystring: TrendingQuery,
    response: { 200: TrendingResponse, ...errors },
  }),
  analytics: defineRoute({
    method: 'GET',
    url: '/api/gigs/user/analytics',
    summary: 'Your active gigs, revenue and average rating',
    auth: 'user',
    response: { 200: GigAnalyticsResponse, ...errors },
  }),
  getGig: defineRoute({
    method: 'GET',
    url: '/api/gigs/:id',
    summary: 'One gig (a draft only for its owner); counts a view',
    auth: 'optional',
    params: GigIdParams,
    response: { 200: GigResponse, ...errors },
  }),
  createGig: defineRoute({
    method: 'POST',
    url: '/api/gigs',
    summary: 'Create a gig as a draft or active',
    auth: 'user',
    body: GigInput,
    response: { 201: GigResponse, ...errors },
  }),
  updateGig: defineRoute({
    method: 'PUT',
    url: '/api/gigs/:id',
    summary: 'Update your gig',
    auth: 'user',
    params: GigIdParams,
    body: GigInput,
    response: { 200: GigResponse, ...errors },
  }),
  deleteGig: defineRoute({
    method: 'DELETE',
    url: '/api/gigs/:id',
    summary: 'Delete your gig',
    auth: 'user',
    params: GigIdParams,
    response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...errors },
  }),
  aiSearch: defineRoute({
    method: 'POST',
    url: '/api/ai/search',
    summary: 'Turn a plain-words request into search filters (works offline)',
    auth: 'optional',
    body: AiSearchRequest,
    response: { 200: AiSearchResponse, ...errors },
  }),
  suggestions: defineRoute({
    method: 'GET',
    url: '/api/ai/suggestions',
    summary: 'Completions from real gig titles, tags and skills',
    auth: 'optional',
    querystring: SuggestionsQuery,
    response: { 200: SuggestionsResponse, ...errors },
  }),
} as const;
