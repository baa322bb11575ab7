import { existsSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';

const PAGES_DIR = 'pages';
/** A route parameter in a page's file name: `/marketplace/:id` is written as pages/marketplace/[id].html. */
const PARAMETER = /^\[\w+\]$/;

interface Page {
  segments: string[];
  file: string;
}

/**
 * Static segments outrank parameters, from the left, as in the web app's router: a path matching
 * both `/events/edit/:id` and `/events/:id/edit` is the first's.
 */
function byRank(a: Page, b: Page): number {
  for (let i = 0; i < Math.min(a.segments.length, b.segments.length); i++) {
    const aParameter = PARAMETER.test(a.segments[i] as string);
    if (aParameter !== PARAMETER.test(b.segments[i] as string)) return aParameter ? 1 : -1;
  }
  return 0;
}

function matches(page: Page, segments: string[]): boolean {
  return (
    page.segments.length === segments.length &&
    page.segments.every((segment, i) => (PARAMETER.test(segment) ? segments[i] !== '' : segment === segments[i]))
  );
}

/**
 * The page the web build pre-rendered for a request's path (web/build/prerender.ts), or undefined:
 * `/marketplace/create` has pages/marketplace/create.html, `/marketplace/<any id>` pages/marketplace/[id].html.
 * The files are listed once at start, so a request's path is only ever compared, never joined onto
 * the file system.
 */
export function prerenderedPages(webDist: string): (path: string) => string | undefined {
  const dir = join(webDist, PAGES_DIR);
  const files = existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html')) : [];
  const pages = files.map((file) => ({
    segments: file.slice(0, -'.html'.length).split(sep),
    file: `${PAGES_DIR}/${file.split(sep).join('/')}`,
  }));
  const exact = new Map(
    pages.filter((page) => !page.segments.some((s) => PARAMETER.test(s))).map((page) => [`/${page.segments.join('/')}`, page.file]),
  );
  const patterns = pages.filter((page) => page.segments.some((s) => PARAMETER.test(s))).sort(byRank);
  return (path) => {
    const page = exact.get(path);
    if (page) return page;
    const segments = path.split('/').slice(1);
    return patterns.find((pattern) => matches(pattern, segments))?.file;
  };
}
