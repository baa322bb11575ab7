import { z } from 'zod';
import { defineEvent } from './envelope.ts';

/** The public face of a user that other services keep in their read models (event-carried state). */
export const PublicUserCard = z.object({
  userId: z.uuid(),
  name: z.string(),
  username: z.string().nullable(),
  picture: z.string(),
  title: z.string(),
  location: z.string(),
  skills: z.array(z.string()),
});
export type PublicUserCard = z.infer<typeof PublicUserCard>;

/** A person signed in for the first time. Emitted by identity; consumed by every service that shows people. */
export const UserRegistered = defineEvent(
  'identity.user.registered',
  1,
  PublicUserCard.extend({ email: z.string(), authProvider: z.literal('google') }),
);

/**
 * A user's public card changed (setup, profile edit, picture). Emitted by identity; consumed like
 * registered, and by media: `replacedPictureId`, the picture a new one replaced, is deleted.
 */
export const UserProfileUpdated = defineEvent(
  'identity.user.profile_updated',
  1,
  PublicUserCard.extend({ replacedPictureId: z.string().optional() }),
);

/** A user changed preferences (notifications, privacy). Emitted by identity; consumed by notifications. */
export const UserPreferencesUpdated = defineEvent(
  'identity.user.preferences_updated',
  1,
  z.object({
    userId: z.uuid(),
    notifications: z.record(z.string(), z.boolean()),
    profileVisibility: z.enum(['public', 'private']),
    searchable: z.boolean(),
  }),
);

/**
 * A person deleted their account. Emitted by identity, carrying no personal data; every service
 * forgets the person on it (kit/personalData/forget.ts): their own things removed, their name,
 * picture and words redacted in its event store and read models, their messages shown by
 * `DELETED_USER_NAME`.
 */
export const UserDeleted = defineEvent('identity.user.deleted', 1, z.object({ userId: z.uuid() }));

/** How a deleted account is shown wherever it had been shown (a message's sender, an order's buyer). */
export const DELETED_USER_NAME = 'Deleted user';

export const IDENTITY_EVENTS = [UserRegistered, UserProfileUpdated, UserPreferencesUpdated, UserDeleted] as const;
