import list from './emoji.json';

/** One emoji of the picker, with the English words it is found by. */
export interface EmojiEntry {
  emoji: string;
  name: string;
}

/**
 * A modest built-in list (~190 common emoji, the ten most used in reactions first, so they open the picker): enough to react with, and a
 * few kilobytes in the picker's own chunk rather than a full emoji database.
 */
export const EMOJI: readonly EmojiEntry[] = (list as [string, string][]).map(([emoji, name]) => ({ emoji, name }));

/** The emoji whose name has every word of the query as the start of one of its words (case ignored); all for an empty query. */
export function searchEmoji(query: string, entries: readonly EmojiEntry[] = EMOJI): readonly EmojiEntry[] {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return entries;
  return entries.filter(({ name }) => {
    const words = name.split(' ');
    return terms.every((term) => words.some((word) => word.startsWith(term)));
  });
}
