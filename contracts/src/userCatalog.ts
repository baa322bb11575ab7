// The user domain's defaults and sentences, without zod: screens that only show people import these;
// the schemas stay with the forms and servers that validate.
import type { Preferences } from './users.ts';

/** Spec 002 §9: every notification toggle on, public profile, email and phone hidden, searchable. */
export const DEFAULT_PREFERENCES: Preferences = {
  notifications: { email: true, push: true, marketplaceAlerts: true, messageNotifications: true, eventReminders: true },
  privacy: { profileVisibility: 'public', showEmail: false, showPhone: false, searchable: true },
  language: 'en',
  timezone: 'UTC',
};

export const PICTURE_MESSAGES = { updated: 'Profile picture updated successfully' } as const;

/** A profile save refused because another tab or device saved first (our words: the spec has none; the drafts' sentence's shape). */
export const PROFILE_MESSAGES = { changedElsewhere: 'Your profile was changed in another tab or device' } as const;
