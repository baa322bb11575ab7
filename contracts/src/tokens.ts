import { z } from 'zod';
import { Scope } from './scopes.ts';

/** Limits of personal access tokens. */
export const TOKEN_LIMITS = {
  nameMax: 100,
  expiresInDaysMax: 365,
  /** Live tokens one person may hold at once. */
  perPerson: 50,
} as const;

/** POST /api/tokens. `expiresInDays` absent or null: the token lasts until revoked. */
export const CreateTokenRequest = z.object({
  name: z.string().trim().min(1, 'Name is required').max(TOKEN_LIMITS.nameMax, `Name must be at most ${TOKEN_LIMITS.nameMax} characters`),
  scopes: z
    .array(Scope)
    .min(1, 'Choose at least one scope')
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope once'),
  expiresInDays: z
    .number()
    .int('Expiry must be a whole number of days')
    .min(1, 'Expiry must be between 1 and 365 days')
    .max(TOKEN_LIMITS.expiresInDaysMax, 'Expiry must be between 1 and 365 days')
    .nullable()
    .optional(),
});
export type CreateTokenRequest = z.infer<typeof CreateTokenRequest>;

/** A personal access token as listed: never its secret. */
export const PersonalToken = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(Scope),
  /** The secret's first characters (`cw_pat_ab12…`), so a person can tell their tokens apart. */
  hint: z.string(),
  createdAt: z.string(),
  /** Null: lasts until revoked. */
  expiresAt: z.string().nullable(),
  /** Null: never used. Kept to the minute. */
  lastUsedAt: z.string().nullable(),
});
export type PersonalToken = z.infer<typeof PersonalToken>;

/** The answer to a create: the token, and its secret, shown this once. */
export const CreatedTokenResponse = z.object({ success: z.literal(true), token: PersonalToken, secret: z.string() });
export const TokenListResponse = z.object({ success: z.literal(true), tokens: z.array(PersonalToken) });
export const TokenIdParams = z.object({ id: z.uuid('Token id must be a UUID') });
export const TokenRevokedResponse = z.object({ success: z.literal(true), message: z.string() });
