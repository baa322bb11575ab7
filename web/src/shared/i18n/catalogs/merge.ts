/** A catalog as an area writes it: message id → ICU MessageFormat (compiled by web/build/catalogs.ts). */
export type Messages = Record<string, string>;

/** One language's areas (a glob of their `locales/<locale>.json`) as one catalog. */
export function mergeCatalogs(areas: Record<string, unknown>): Messages {
  return Object.assign({}, ...Object.values(areas)) as Messages;
}
