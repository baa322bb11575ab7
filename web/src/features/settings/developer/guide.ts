/**
 * The integrators' page (docs/integrators.md), as text, fetched only when asked for. A glob, so the
 * build does not depend on it: without the page, there is nothing to show (null).
 */
const pages = import.meta.glob<string>('../../../../../docs/integrators.md', { query: '?raw', import: 'default' });

export const hasGuide = Object.keys(pages).length > 0;

export async function loadGuide(): Promise<string | null> {
  const load = Object.values(pages)[0];
  return load ? load() : null;
}
