/** What a query string can carry: one scalar per key. */
export type QueryValue = string | number | boolean;

/** A query to serialise: a key left undefined is left out. */
export type Query = Readonly<Record<string, QueryValue | undefined>>;

/**
 * A route's Fastify-style path with its `:name` segments filled in, each URI-encoded (an id never
 * opens a new path segment or a query). A segment without a value is a programming error: it throws.
 */
export function pathOf(url: string, params: Readonly<Record<string, unknown>> = {}): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_segment, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter "${name}" for ${url}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The query string, without its `?`, keys in the order given, undefined values left out. Form
 * encoding (a space is `+`), as the server's parser reads it.
 */
export function queryString(query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.append(key, String(value));
  }
  return search.toString();
}

/** Path and query together: `/api/gigs/abc?page=2`, or the bare path when no query value is set. */
export function urlOf(url: string, params?: Readonly<Record<string, unknown>>, query?: Query): string {
  const path = pathOf(url, params);
  const search = queryString(query);
  return search ? `${path}?${search}` : path;
}
