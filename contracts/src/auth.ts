import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { ImageUrl } from './media.ts';
import { Scope } from './scopes.ts';
import { User, Username } from './users.ts';

/**
 * A provider credential as posted: only its presence and size are checked here; whether it is a
 * credential at all is the verifier's to say (401 'Invalid sign-in credential'), not 'required'.
 */
const Credential = z.string().trim().min(1, 'Credential is required').max(LIMITS.credentialMax, 'Invalid sign-in credential');

/** POST /api/auth/google: the provider credential (a Google ID token, or a dev-issuer one). */
export const GoogleAuthRequest = z.object({ token: Credential });

/**
 * POST /api/users: the original client posts the decoded claims; we also require the credential
 * itself and take identity (email, subject) only from it.
 */
export const CreateUserRequest = z.object({
  credential: Credential,
  email: z.string().optional(),
  name: z.string().trim().max(LIMITS.nameMax).optional(),
  picture: z.string().max(1000).optional(),
  authProvider: z.literal('google').default('google'),
});

/** POST /api/users/setup: completes the profile of the signed-in user (bearer token). */
export const SetupUserRequest = z.object({
  email: z.string().optional().describe('ignored: the email comes from the account'),
  name: z.string().trim().min(1, 'Name is required').max(LIMITS.nameMax),
  username: Username,
  bio: z.string().trim().min(1, 'Bio is required').max(LIMITS.bioMax),
  picture: z.union([z.literal(''), ImageUrl]).optional(),
});
export type SetupUserRequest = z.infer<typeof SetupUserRequest>;

/** Every sign-in answer: the user and the platform's access token. */
export const SessionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  user: User,
  token: z.string(),
  isNewUser: z.boolean(),
});
export type SessionResponse = z.infer<typeof SessionResponse>;

export const AuthConfigResponse = z.object({
  googleClientId: z.string().nullable(),
  devLogin: z.boolean(),
});
export type AuthConfigResponse = z.infer<typeof AuthConfigResponse>;

/** POST /api/auth/dev/token: the dev issuer signs an ID token for any email (off in production). */
export const DevTokenRequest = z.object({
  email: z.email('Enter a valid email address'),
  name: z.string().trim().min(1, 'Name is required').max(LIMITS.nameMax),
  picture: z.union([z.literal(''), ImageUrl]).optional(),
});
export const DevTokenResponse = z.object({ token: z.string() });

/** Claims of the platform's access token. */
export const AccessClaims = z.object({
  sub: z.uuid(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
  /** Expiry, in seconds since the epoch: what ends a live connection opened with the token. */
  exp: z.number().optional(),
  /** A personal access token's scopes (absent for a signed-in session, which may do everything). */
  scopes: z.array(Scope).optional(),
  /** The personal access token's id: its own rate-limit budget, and what revocation ends. */
  tid: z.uuid().optional(),
  /** A signed-in session's id (every access token carries one): what signing out ends, on every replica within a second. */
  sid: z.uuid().optional(),
});
export type AccessClaims = z.infer<typeof AccessClaims>;

/** POST /api/auth/logout and /api/auth/logout-all: the sessions ended. */
export const SignedOutResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** How many sessions this ended (1 for a sign-out, every live one of the person's for a sign-out everywhere). */
  ended: z.number().int().min(0),
});
export type SignedOutResponse = z.infer<typeof SignedOutResponse>;
