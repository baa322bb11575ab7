import { z } from 'zod';
import { LANGUAGES, LIMITS, PROFILE_VISIBILITY } from './constants.ts';
import { ErrorBody } from './errors.ts';
import { ImageUrl } from './media.ts';
import { MemberPlan } from './plans.ts';
import { isTimeZone } from './timeZones.ts';
import { httpUrl } from './webUrl.ts';

const trimmed = (max: number) => z.string().trim().max(max);

/** An IANA time zone (the one list's check, as the event form's). */
export const TimeZone = z.string().trim().refine(isTimeZone, 'Unknown time zone');

export const NotificationPreferences = z.object({
  email: z.boolean(),
  push: z.boolean(),
  marketplaceAlerts: z.boolean(),
  messageNotifications: z.boolean(),
  eventReminders: z.boolean(),
});

export const PrivacyPreferences = z.object({
  profileVisibility: z.enum(PROFILE_VISIBILITY),
  showEmail: z.boolean(),
  showPhone: z.boolean(),
  searchable: z.boolean(),
});

export const Preferences = z.object({
  notifications: NotificationPreferences,
  privacy: PrivacyPreferences,
  language: z.enum(LANGUAGES),
  timezone: TimeZone,
});
export type Preferences = z.infer<typeof Preferences>;

/** A partial preferences update: any subset, merged into the stored preferences. */
export const PreferencesPatch = z.object({
  notifications: NotificationPreferences.partial().optional(),
  privacy: PrivacyPreferences.partial().optional(),
  language: z.enum(LANGUAGES).optional(),
  timezone: TimeZone.optional(),
});
export type PreferencesPatch = z.infer<typeof PreferencesPatch>;

export const Username = z
  .string()
  .trim()
  .min(LIMITS.usernameMin, `Username must be at least ${LIMITS.usernameMin} characters`)
  .max(LIMITS.usernameMax, `Username must be at most ${LIMITS.usernameMax} characters`)
  .regex(/^[a-zA-Z0-9_.-]+$/, 'Username may contain letters, digits, dots, dashes and underscores only');

/** A network handle, stored as the bare username; the profile page builds the link. */
const Handle = z
  .string()
  .trim()
  .max(100)
  .regex(/^[A-Za-z0-9_.-]*$/, 'Enter the username only, without a link');

/** `alice.design` as people type it becomes `https://alice.design`; a link anywhere but the web is refused. */
const withScheme = (site: string) => (site === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(site) ? site : `https://${site}`);
const Website = z
  .string()
  .trim()
  .max(300)
  .transform(withScheme)
  .pipe(z.union([z.literal(''), httpUrl('Enter a valid URL', { domain: true })]));

export const Skills = z
  .array(trimmed(LIMITS.skillMax))
  .max(LIMITS.skillsMax)
  .transform((skills) => [...new Set(skills.filter((s) => s.length > 0))]);

export const Profile = z.object({
  bio: z.string(),
  location: z.string(),
  website: z.string(),
  github: z.string(),
  twitter: z.string(),
  linkedin: z.string(),
  skills: z.array(z.string()),
});
export type Profile = z.infer<typeof Profile>;

export const UserRole = z.enum(['user', 'admin']);

/**
 * The user as the web app stores it (spec 000 §3). `_id` and `id` are the same UUID.
 * Fields another user may not see (private profile, hidden email or phone) come back empty.
 */
export const User = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  bio: z.string(),
  phone: z.string(),
  picture: z.string(),
  picturePublicId: z.string(),
  role: UserRole,
  /** The person's membership: 'basic' (free, everyone's start) or 'premium' (granted by an admin). */
  plan: MemberPlan,
  authProvider: z.literal('google'),
  status: z.enum(['online', 'offline', 'away']),
  title: z.string(),
  skills: z.array(z.string()),
  rating: z.number(),
  reviewCount: z.number(),
  profile: Profile,
  preferences: Preferences.optional(),
  isPrivate: z.boolean().optional().describe('true when the profile is private and only a card is shown'),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The profile's version (its stream's): a write based on it sends it back, and an older one is refused. */
  version: z.number().int().nonnegative(),
});
export type User = z.infer<typeof User>;

/**
 * PUT /api/users/{id}: self only; email is read-only and is not accepted here. Only the fields named
 * change (preferences merged key by key). `version` is the profile's version the edit started from:
 * an older one than the stored profile's is refused with 409 and the newer profile. Spec 000's client
 * sends none: what it names is merged as it is (docs/decisions/identity/profile-writes-by-version.md).
 */
export const UpdateUserRequest = z
  .object({
    name: trimmed(LIMITS.nameMax).min(1, 'Name is required'),
    phone: trimmed(40).regex(/^[0-9+()\-.\s]*$/, 'Enter a valid phone number'),
    bio: trimmed(LIMITS.bioMax),
    title: trimmed(100),
    location: trimmed(100),
    website: Website,
    github: Handle,
    twitter: Handle,
    linkedin: Handle,
    skills: Skills,
    picture: z.union([z.literal(''), ImageUrl]),
    picturePublicId: trimmed(300),
    preferences: PreferencesPatch,
    version: z.number({ error: 'Version must be a number' }).int().nonnegative(),
  })
  .partial()
  .strict();
export type UpdateUserRequest = z.input<typeof UpdateUserRequest>;

/** PUT /api/users/{id}/picture: an image uploaded to the media service (its URL and id). */
export const UpdatePictureRequest = z.object({
  picture: ImageUrl,
  picturePublicId: z.string().trim().min(1, 'Picture id is required').max(300),
});

export const UserResponse = z.object({ success: z.literal(true), user: User, message: z.string().optional() });

/** A profile write refused, nothing written: based on an older version (`PROFILE_CHANGED`), with `user`, the profile as stored now. */
export const UserConflictBody = ErrorBody.extend({ user: User.optional() });

export const UserIdParams = z.object({ id: z.uuid('User id must be a UUID') });

/** Deleting one's account: the username typed again, as the Settings dialog asks, so no stray call deletes it. */
export const DeleteAccountRequest = z.object({ confirm: z.string().max(100, 'Type your username to confirm') });
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;
export const AccountDeletedResponse = z.object({ success: z.literal(true), message: z.string() });
export const UsernameParams = z.object({ username: z.string().min(1).max(LIMITS.usernameMax) });
