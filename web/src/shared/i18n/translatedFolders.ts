/**
 * The folders (under web/src) whose every user-visible string the untranslated-string test checks
 * (untranslated.unit.test.ts). An area joins when it is converted; at the end it is all of web/src.
 */
export const TRANSLATED_FOLDERS: readonly string[] = [
  'app',
  'shared',
  'features/layout',
  'features/landing',
  'features/settings',
  'features/auth',
  'features/join',
  'features/profile',
  'features/marketplace',
  'features/dashboard',
  'features/saved',
  'features/events',
  'features/community',
  'features/inbox',
  'features/notifications',
];
