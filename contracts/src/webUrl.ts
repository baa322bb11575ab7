import { z } from 'zod';

const HTTP = /^https?$/;

/**
 * Every link the platform stores for others to follow (a meeting link, a website, a picture, a
 * webhook's address): absolute http(s) and nothing else. `javascript:`, `data:`, `file:` and the
 * rest are refused here, for every field at once, so no service stores a link a browser would run
 * or a program would read from its own disk. `domain` also asks for a name with a dot (a person's
 * website), not an address or `localhost`.
 */
export const httpUrl = (error: string, options: { domain?: boolean } = {}) =>
  z.url({ protocol: HTTP, ...(options.domain && { hostname: z.regexes.domain }), error });

/** Whether a string is an absolute http(s) URL, as `httpUrl` judges it. */
export const isHttpUrl = (value: string) => httpUrl('').safeParse(value).success;
