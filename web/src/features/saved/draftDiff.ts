/** One field two versions of a form disagree on: its path (`location.city`, `agenda.2.title`) and both values. */
export interface FieldDifference {
  path: string;
  mine: string;
  theirs: string;
}

type Leaves = Map<string, string>;

/** Every leaf of a form as path → shown text; an empty list or object is a leaf of its own. */
function leavesOf(value: unknown, path: string, into: Leaves): Leaves {
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length > 0) {
      for (const [key, child] of entries) leavesOf(child, path ? `${path}.${key}` : key, into);
      return into;
    }
    into.set(path, '');
    return into;
  }
  into.set(path, value === undefined || value === null ? '' : String(value));
  return into;
}

/**
 * The fields where two versions of a draft differ, in the order they first appear: what a person
 * compares before choosing which one to keep. A field missing on one side reads as empty.
 */
export function differencesBetween(mine: object, theirs: object): FieldDifference[] {
  const a = leavesOf(mine, '', new Map());
  const b = leavesOf(theirs, '', new Map());
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  return paths
    .map((path) => ({ path, mine: a.get(path) ?? '', theirs: b.get(path) ?? '' }))
    .filter((difference) => difference.mine !== difference.theirs);
}
