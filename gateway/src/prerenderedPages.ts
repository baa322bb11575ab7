import { existsSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';

const PAGES_DIR = 'pages';

/**
 * The pages the web build pre-rendered (web/build/prerender.ts writes `/marketplace/create` as
 * pages/marketplace/create.html), by the route path each is served for. Read once at start, so a
 * request's path is only ever looked up, never joined onto the file system.
 */
export function prerenderedPages(webDist: string): ReadonlyMap<string, string> {
  const dir = join(webDist, PAGES_DIR);
  if (!existsSync(dir)) return new Map();
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  return new Map(
    files.map((file) => [`/${file.slice(0, -'.html'.length).split(sep).join('/')}`, `${PAGES_DIR}/${file.split(sep).join('/')}`]),
  );
}
