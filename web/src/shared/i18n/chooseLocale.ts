import { isLocale, type Locale } from './i18n.ts';

/**
 * The language to show: the person's saved preference when signed in; a visitor's browser language
 * when it is one of ours ('de-AT' → 'de'), the first such of their list; else English.
 */
export function chooseLocale(preference: unknown, browserLanguages: readonly string[]): Locale {
  if (isLocale(preference)) return preference;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return 'en';
}
