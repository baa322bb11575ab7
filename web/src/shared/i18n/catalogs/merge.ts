import type { Messages } from '../i18n.ts';

/** One language's areas (a glob of their `locales/<locale>.json`) as one catalog. */
export function mergeCatalogs(areas: Record<string, unknown>): Messages {
  return Object.assign({}, ...Object.values(areas)) as Messages;
}
