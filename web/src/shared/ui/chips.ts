/**
 * What a chips input's rule makes of the text typed: the list with it (or unchanged, for a rule that
 * ignores a repeat quietly), a refusal with the words to show under the input, or nothing to do.
 */
export type ChipVerdict = { chips: string[] } | { rejected: string } | null;

/** The rule for accepting a chip, given the chips held and the draft as typed (untrimmed). */
export type ChipRule = (chips: readonly string[], draft: string) => ChipVerdict;

/** The chips without the one removed. */
export function withoutChip(chips: readonly string[], chip: string): string[] {
  return chips.filter((c) => c !== chip);
}
