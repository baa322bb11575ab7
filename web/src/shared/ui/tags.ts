import { GIG_TAGS_MAX } from '@commonwork/contracts';
import { t } from '../locales/index.ts';
import type { ChipVerdict } from './chips.ts';

export type TagRejection = 'empty' | 'duplicate' | 'full';

/** Why a tag was not added, for the line under the tag input, in the language shown. */
const TAG_REJECTIONS: Record<Exclude<TagRejection, 'empty'>, () => string> = {
  duplicate: () => t('shared.tags.duplicate'),
  full: () => t('shared.tags.full', { max: GIG_TAGS_MAX }),
};

/**
 * Adds a gig's or an event's tag (spec 001 §5): trimmed, at most 10, no duplicates (case-insensitive, so 'React' and
 * 'react' are one tag). Returns the new list, or the unchanged list and why.
 */
export function addTag(tags: readonly string[], raw: string): { tags: string[]; rejected?: TagRejection } {
  const tag = raw.trim();
  if (!tag) return { tags: [...tags], rejected: 'empty' };
  if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return { tags: [...tags], rejected: 'duplicate' };
  if (tags.length >= GIG_TAGS_MAX) return { tags: [...tags], rejected: 'full' };
  return { tags: [...tags, tag] };
}

/** The tags input's rule: a blank draft does nothing; a refused tag keeps the draft and says why. */
export function acceptTag(tags: readonly string[], draft: string): ChipVerdict {
  const { tags: next, rejected } = addTag(tags, draft);
  if (rejected === 'empty') return null;
  return rejected ? { rejected: TAG_REJECTIONS[rejected]() } : { chips: next };
}

/** The tags a list shows, and how many more there are (an event card shows 3, then '+N': spec 001 §9). */
export function visibleTags(tags: readonly string[], shown: number): { tags: string[]; more: number } {
  return { tags: tags.slice(0, shown), more: Math.max(0, tags.length - shown) };
}
