import type { SubCategoryCatalog } from './demoCatalog.ts';

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * Whether a tag names this fill: the same word (short tags such as 'go' or 'r' only as a whole
 * word, so 'go' is not found in 'Django'), or a longer tag inside it ('jetpack compose').
 */
function names(tag: string, fill: string): boolean {
  const t = squash(tag);
  if (t.length < 4) return wordsOf(fill).includes(t) || squash(fill) === t;
  return squash(fill).includes(t);
}

/**
 * The tags a gig of this sub-category and fill may carry: the sub-category's tags that are about
 * no fill in particular, those that name this fill, and the fill's own `fillTags`. A tag naming
 * another fill ('vue' on a React gig) is never among them: a demo gig's tags cannot contradict
 * its title.
 */
export function tagsAllowed(catalog: SubCategoryCatalog, fill: string): Set<string> {
  const owned = new Set(Object.values(catalog.fillTags ?? {}).flat());
  const aboutSomeFill = (tag: string) => owned.has(tag) || catalog.fills.some((f) => names(tag, f));
  return new Set([
    ...catalog.tags.filter((tag) => !aboutSomeFill(tag) || names(tag, fill)),
    ...(catalog.fillTags?.[fill] ?? []).filter((tag) => catalog.tags.includes(tag)),
  ]);
}

const wordPattern = (fill: string) => new RegExp(`(^|[^A-Za-z0-9])${fill.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z0-9])`);

/**
 * The fill a demo gig's text names (its title, else its opening sentence): the longest one found
 * as whole words. None when the text names none; the gig then carries only tags about no fill.
 */
export function fillOf(catalog: SubCategoryCatalog, text: string): string | undefined {
  return [...catalog.fills].sort((a, b) => b.length - a.length).find((fill) => wordPattern(fill).test(text));
}
