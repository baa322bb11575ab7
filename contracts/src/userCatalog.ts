// The user domain's defaults and sentences, without zod: screens that only show people import these;
// the schemas stay with the forms and servers that validate.
import type { Preferences, PreferencesPatch } from './users.ts';

/** Spec 002 §9: every notification toggle on, public profile, email and phone hidden, searchable. */
export const DEFAULT_PREFERENCES: Preferences = {
  notifications: { email: true, push: true, marketplaceAlerts: true, messageNotifications: true, eventReminders: true },
  privacy: { profileVisibility: 'public', showEmail: false, showPhone: false, searchable: true },
  language: 'en',
  timezone: 'UTC',
};

export const PICTURE_MESSAGES = { updated: 'Profile picture updated successfully' } as const;

/** A profile save refused because another tab or device saved first (our words: the spec has none; the drafts' sentence's shape). */
export const PROFILE_MESSAGES = {
  changedElsewhere: 'Your profile was changed in another tab or device',
  newerShown: 'The newer values are shown, with your changes kept: save again to apply them.',
} as const;

/** Merges a partial preferences change into the full preferences (the server's write, and a form's edits over what it read). */
export function mergePreferences(current: Preferences, patch: PreferencesPatch): Preferences {
  return {
    notifications: { ...current.notifications, ...patch.notifications },
    privacy: { ...current.privacy, ...patch.privacy },
    language: patch.language ?? current.language,
    timezone: patch.timezone ?? current.timezone,
  };
}

/** The fields of `next` that differ from `base` (compared as JSON: lists too); undefined when none do. */
export function changedFields<T extends object>(base: T, next: T): Partial<T> | undefined {
  const keys = (Object.keys(next) as (keyof T)[]).filter((k) => JSON.stringify(base[k]) !== JSON.stringify(next[k]));
  return keys.length > 0 ? (Object.fromEntries(keys.map((k) => [k, next[k]])) as Partial<T>) : undefined;
}

/** What `next` changes of `current`, key by key; undefined when nothing does (a form sends only what the person changed). */
export function preferencesPatch(current: Preferences, next: Preferences): PreferencesPatch | undefined {
  const notifications = changedFields(current.notifications, next.notifications);
  const privacy = changedFields(current.privacy, next.privacy);
  const patch: PreferencesPatch = {
    ...(notifications && { notifications }),
    ...(privacy && { privacy }),
    ...(current.language !== next.language && { language: next.language }),
    ...(current.timezone !== next.timezone && { timezone: next.timezone }),
  };
  return Object.keys(patch).length > 0 ? patch : undefined;
}
