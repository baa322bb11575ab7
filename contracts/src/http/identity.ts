import {
  AuthConfigResponse,
  CreateUserRequest,
  DevTokenRequest,
  DevTokenResponse,
  GoogleAuthRequest,
  SessionResponse,
  SetupUserRequest,
} from '../auth.ts';
import { ErrorBody } from '../errors.ts';
import { ChangePlanRequest } from '../plans.ts';
import { PlatformFiguresResponse, TopFreelancersQuery, TopFreelancersResponse, UserStatsResponse } from '../stats.ts';
import { CreatedTokenResponse, CreateTokenRequest, TokenIdParams, TokenListResponse, TokenRevokedResponse } from '../tokens.ts';
import { UpdatePictureRequest, UpdateUserRequest, UserConflictBody, UserIdParams, UsernameParams, UserResponse } from '../users.ts';
import { defineRoute } from './route.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const identityRoutes = {
  authConfig: defineRoute({
    method: 'GET',
    url: '/api/auth/config',
    summary: 'Which sign-in methods this deployment offers',
    auth: 'public',
    response: { 200: AuthConfigResponse },
  }),
  devToken: defineRoute({
    method: 'POST',
    url: '/api/auth/dev/token',
    summary: 'Dev issuer: an ID token for any email (only when enabled)',
    auth: 'public',
    body: DevTokenRequest,
    response: { 200: DevTokenResponse, ...errors },
  }),
  googleSignIn: defineRoute({
    method: 'POST',
    url: '/api/auth/google',
    summary: 'Sign in (or up) with a Google ID token',
    auth: 'public',
    body: GoogleAuthRequest,
    response: { 200: SessionResponse, ...errors },
  }),
  createUser: defineRoute({
    method: 'POST',
    url: '/api/users',
    summary: 'Register or find the user named by a provider credential',
    auth: 'public',
    body: CreateUserRequest,
    response: { 200: SessionResponse, 201: SessionResponse, ...errors },
  }),
  setupUser: defineRoute({
    method: 'POST',
    url: '/api/users/setup',
    summary: 'Complete the signed-in user’s profile (name, username, bio)',
    auth: 'user',
    body: SetupUserRequest,
    response: { 200: SessionResponse, ...errors },
  }),
  topFreelancers: defineRoute({
    method: 'GET',
    url: '/api/users/top-freelancers',
    summary: 'People with active gigs, best rated first (people who are not searchable are left out)',
    auth: 'optional',
    querystring: TopFreelancersQuery,
    response: { 200: TopFreelancersResponse, ...errors },
  }),
  platformFigures: defineRoute({
    method: 'GET',
    url: '/api/platform/figures',
    summary: 'The platform in numbers: members, active gigs and published events',
    auth: 'public',
    response: { 200: PlatformFiguresResponse, ...errors },
  }),
  changePlan: defineRoute({
    method: 'PUT',
    url: '/api/users/:id/plan',
    summary: "Set a person's membership plan (basic or premium); platform admins only (ADMIN_EMAILS)",
    auth: 'user',
    params: UserIdParams,
    body: ChangePlanRequest,
    response: { 200: UserResponse, ...errors },
  }),
  userStats: defineRoute({
    method: 'GET',
    url: '/api/users/:id/stats',
    summary: "A person's active gigs, events and messages, with their change against the same day last month",
    auth: 'user',
    params: UserIdParams,
    response: { 200: UserStatsResponse, ...errors },
  }),
  refreshUserStats: defineRoute({
    method: 'POST',
    url: '/api/users/:id/stats/refresh',
    summary: 'The same figures, read again now',
    auth: 'user',
    params: UserIdParams,
    response: { 200: UserStatsResponse, ...errors },
  }),
  userByUsername: defineRoute({
    method: 'GET',
    url: '/api/users/by-username/:username',
    summary: 'A user by username (profile visibility applies)',
    auth: 'user',
    params: UsernameParams,
    response: { 200: UserResponse, ...errors },
  }),
  userById: defineRoute({
    method: 'GET',
    url: '/api/users/:id',
    summary: 'A user by id (profile visibility applies)',
    auth: 'user',
    params: UserIdParams,
    response: { 200: UserResponse, ...errors },
  }),
  updateUser: defineRoute({
    method: 'PUT',
    url: '/api/users/:id',
    summary:
      'Update your own profile, preferences, name, phone and bio; with `version`, refused (409, with the stored profile) when it changed since',
    auth: 'user',
    params: UserIdParams,
    body: UpdateUserRequest,
    response: { 200: UserResponse, ...errors, 409: UserConflictBody },
  }),
  updatePicture: defineRoute({
    method: 'PUT',
    url: '/api/users/:id/picture',
    summary: 'Set your profile picture to an uploaded image; the one it replaces is deleted',
    auth: 'user',
    params: UserIdParams,
    body: UpdatePictureRequest,
    response: { 200: UserResponse, ...errors },
  }),
  createToken: defineRoute({
    method: 'POST',
    url: '/api/tokens',
    summary:
      'Create a personal access token with the scopes given; its secret (`cw_pat_…`) is in this answer only. Signed-in sessions only',
    auth: 'user',
    scope: 'session',
    body: CreateTokenRequest,
    response: { 201: CreatedTokenResponse, ...errors },
  }),
  listTokens: defineRoute({
    method: 'GET',
    url: '/api/tokens',
    summary: 'Your personal access tokens, newest first (never their secrets). Signed-in sessions only',
    auth: 'user',
    scope: 'session',
    response: { 200: TokenListResponse, ...errors },
  }),
  revokeToken: defineRoute({
    method: 'DELETE',
    url: '/api/tokens/:id',
    summary: 'Revoke one of your personal access tokens: refused everywhere within a second. Signed-in sessions only',
    auth: 'user',
    scope: 'session',
    params: TokenIdParams,
    response: { 200: TokenRevokedResponse, ...errors },
  }),
} as const;
