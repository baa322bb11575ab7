import { DELIVERY_OPTIONS } from '@commonwork/contracts';
import { type MaskedText, type Trigger, words } from './text.ts';

/** What the request said about delivery time. */
export interface DeliveryFinding {
  /** The longest delivery accepted, snapped to an option; null when none was asked or it exceeds a month. */
  days: number | null;
  /** The days asked for before snapping (5 for "in 5 days"), for the explanation. */
  requested: number | null;
  trigger: Trigger | null;
}

const OPTIONS = DELIVERY_OPTIONS.map((option) => Number(option.value));

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  couple: 2,
  'a couple': 2,
  'couple of': 2,
  'a couple of': 2,
  few: 3,
  'a few': 3,
};

const COUNT = '\\d+(?:\\.\\d+)?|a couple of|a couple|couple of|couple|a few|few|an|a|one|two|three|four|five|six|seven|eight|nine|ten';
const LEAD = '(?:(?:delivered|delivery|done|ready|finished|completed|turnaround|due)\\s+)?';
const WITHIN =
  '(?:(?:in less than|in under|less than|no more than|not more than|at most|within|inside|under|in|by|max|maximum|up to)\\s+)?';
const TAIL = '(?:\\s+(?:delivery|turnaround|deadline|max|or less))?';

/** "in 3 days", "within a week", "24 hours", "2-3 weeks", "3-day delivery". */
const COUNTED = words(
  `${LEAD}${WITHIN}(?<n>${COUNT})(?:\\s*(?:-|to|or)\\s*(?<m>${COUNT}))?\\s*-?\\s*(?<unit>hours?|hrs?|h|days?|weeks?|wks?|months?)${TAIL}`,
);

/**
 * Phrases without a count. "asap", "urgent" and "rush" give 3 days: they ask for speed but name no
 * deadline, and the 1-day option would hide most gigs; "today", "tomorrow" and "24 hours" give 1.
 * "next week" gives 14 because a deadline next week can be up to 13 days away.
 */
const NAMED: readonly (readonly [RegExp, number])[] = [
  [
    words(
      `${LEAD}(?:by |until |before |for )?(?:tomorrow(?: morning)?|today|tonight|same[ -]day|overnight|end of (?:the )?day|eod)${TAIL}`,
    ),
    1,
  ],
  [
    words(
      `${LEAD}(?:asap|a\\.s\\.a\\.p\\.?|as soon as possible|urgent(?:ly)?|rush(?: job| order)?|immediately|right away|express delivery|(?:fast|quick|speedy) (?:delivery|turnaround))`,
    ),
    3,
  ],
  [words(`${LEAD}(?:by |within |before )?(?:(?:the )?end of (?:the |this )?week|this week)${TAIL}`), 7],
  [words(`${LEAD}(?:by |within |before )?(?:next week|(?:in |within )?a fortnight|fortnight)${TAIL}`), 14],
  [words(`${LEAD}(?:by |within |before )?(?:(?:the )?end of (?:the |this )?month|this month)${TAIL}`), 30],
];

function count(text: string | undefined): number | null {
  if (text === undefined) return null;
  const named = NUMBER_WORDS[text.replace(/\s+/g, ' ')];
  if (named !== undefined) return named;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

function toDays(amount: number, unit: string): number {
  if (unit.startsWith('h')) return amount / 24;
  if (unit.startsWith('w')) return amount * 7;
  if (unit.startsWith('m')) return amount * 30;
  return amount;
}

/** Rounds up to the nearest delivery option; beyond the longest option there is nothing to filter. */
export function snapDeliveryDays(days: number): number | null {
  return OPTIONS.find((option) => option >= days) ?? null;
}

/**
 * Finds delivery phrases and blanks them. When several appear, the strictest (fewest days) wins,
 * since a buyer who says "this week, ideally tomorrow" can still use the one-day gigs.
 */
export function extractDelivery(text: MaskedText): DeliveryFinding {
  const found = text.consume(COUNTED, (match) => {
    const groups = match.groups ?? {};
    // For "2-3 weeks" the upper bound is what the buyer still accepts.
    const amount = count(groups.m) ?? count(groups.n);
    return amount === null ? null : toDays(amount, groups.unit ?? 'days');
  });
  for (const [pattern, days] of NAMED) found.push(...text.consume(pattern, () => days));
  const usable = found.filter((item) => Number.isFinite(item.value) && item.value > 0);
  const strictest = usable.reduce<(typeof usable)[number] | null>(
    (best, item) => (best === null || item.value < best.value ? item : best),
    null,
  );
  if (strictest === null) return { days: null, requested: null, trigger: null };
  const requested = Math.max(1, Math.ceil(strictest.value));
  return { days: snapDeliveryDays(requested), requested, trigger: strictest.trigger };
}
