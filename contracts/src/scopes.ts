import { z } from 'zod';

/**
 * What a personal access token may do, one scope per area and direction (GitHub's fine-grained
 * tokens). A signed-in session may do everything; a token only what its scopes name.
 */
export const SCOPES = {
  'gigs:read': 'Read gigs, favourites and the marketplace analytics of your gigs',
  'gigs:write': 'Create, edit and delete your gigs, favourite gigs and show interest',
  'events:read': 'Read tech events and your registrations',
  'events:write': 'Create and edit your events, register and cancel registrations',
  'messages:read': 'Read channels you belong to and your conversations, and receive them live',
  'messages:write': 'Post, edit, delete and react to messages; create, join, pin and star channels and mark them read',
  'notifications:read': 'Read your notifications and their unread count',
  'notifications:write': 'Mark your notifications read and delete them',
  'profile:read': 'Read your profile, your statistics and other people’s public profiles',
  'profile:write': 'Edit your profile, picture and preferences',
  'drafts:write': 'Save, read and delete your unfinished gig and event forms (drafts)',
  'media:write': 'Upload images and files (for gigs, events, messages or your picture) and delete images you uploaded',
  'webhooks:write': 'Create, change and delete webhooks and read their deliveries',
  'orders:read': 'Read your orders and reviews',
  'orders:write': 'Place orders, take their steps and write reviews',
} as const;

export type Scope = keyof typeof SCOPES;
export const SCOPE_NAMES = Object.keys(SCOPES) as [Scope, ...Scope[]];
export const Scope = z.enum(SCOPE_NAMES, { error: () => ({ message: `Scope must be one of: ${SCOPE_NAMES.join(', ')}` }) });

/**
 * What a route asks of a personal access token: a scope; `session` for the calls only a person
 * signed in may make (managing tokens): a token is refused there whatever its scopes; or `by-event`
 * for the event feed, which any token may call and which answers only the events its read scopes cover.
 */
export type RouteScope = Scope | 'session' | 'by-event';

/** The error code of a token refused for want of a scope (403), and its sentence naming the scope. */
export const INSUFFICIENT_SCOPE = 'INSUFFICIENT_SCOPE';
export const insufficientScopeMessage = (scope: RouteScope) =>
  scope === 'session' || scope === 'by-event'
    ? 'A personal access token cannot do this; sign in to the platform instead.'
    : `This token lacks the ${scope} scope.`;

/** A personal access token's secret: a prefix secret scanners can match, then 40 random characters. */
export const PERSONAL_TOKEN_PREFIX = 'cw_pat_';
export const PERSONAL_TOKEN_PATTERN = /^cw_pat_[A-Za-z0-9]{40}$/;
