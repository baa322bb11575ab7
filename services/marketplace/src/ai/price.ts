import { PRICE_THRESHOLDS, type PriceRange } from '@commonwork/contracts';
import { type MaskedText, type Trigger, words } from './text.ts';

/** What the request said about price. */
export interface PriceFinding {
  minPrice: number | null;
  maxPrice: number | null;
  /** The coarse filter the listing shows. */
  priceRange: PriceRange;
  /** Phrases that gave exact bounds ("under $500"). */
  boundTriggers: Trigger[];
  /** A price word ("cheap", "premium") that chose the range when no amount was given. */
  wordTrigger: Trigger | null;
}

const NUMBER = '\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?';

/** An amount with optional currency before or after and an optional "k": "$1,200", "1.5k", "500 dollars". */
function amount(name: string): string {
  return (
    `(?<${name}Pre>us\\$|\\$|usd ?|€|£)?\\s?(?<${name}Num>${NUMBER})(?<${name}K>k)?` +
    `(?<${name}Post>\\$|€|£| ?(?:usd|dollars?|bucks|euros?|eur|gbp))?`
  );
}

/** Numbers followed by these count something else: "under 5 pages", "over 10 years", "2 to 3 screens". */
const NOT_MONEY =
  '(?!\\s*-?\\s*(?:pages?|words?|screens?|products?|items?|posts?|articles?|videos?|minutes?|mins?|seconds?|hours?|hrs?|days?|weeks?|months?|years?|yrs?|languages?|reviews?|stars?|orders?|sales|followers|subscribers|users|people|employees|percent|%)(?![a-z]))';

/** "budget", "my budget is", "price range", "paying": introduces an amount without saying above or below. */
const CUE =
  '(?<cue>(?:(?:my|a|the|our|total) )?(?:budget|price range|price|priced|pricing|cost|costs|costing|paying|pay)(?: is| of| range| around| about)?:? ?)';

const A = amount('a');
const B = amount('b');
const MAX_WORDS =
  'under|below|less than|lower than|cheaper than|maximum|max\\.?|up to|upto|at most|no more than|not more than|not over|not exceeding|within|around|about|approximately|approx\\.?|roughly|~|<=|<|≤|' +
  // Spanish, French, German: "menos de 50", "moins de 50", "unter 50", "hasta 100", "bis 100".
  'menos de|hasta|maximo|moins de|jusqu.a|au plus|unter|bis zu|bis|hochstens|weniger als';
const MIN_WORDS =
  'over|above|more than|greater than|at least|minimum|min\\.?|from|starting at|starting from|no less than|not less than|>=|>|≥|mas de|plus de|uber|mindestens';

const BETWEEN = words(`${CUE}?between ${A}\\s*(?:and|&|-|to)\\s*${B}${NOT_MONEY}`);
const SPAN = words(`${CUE}?(?<from>from )?${A}\\s*(?<sep>-|to)\\s*${B}${NOT_MONEY}`);
const AT_MOST = words(`${CUE}?(?:${MAX_WORDS})\\s*${A}(?: (?:max(?:imum)?|tops|budget))?${NOT_MONEY}`);
const AT_LEAST = words(`${CUE}?(?:${MIN_WORDS})\\s*${A}${NOT_MONEY}`);
const SUFFIXED = words(
  `${A}\\s*(?:(?<plus>\\+|or more|and up|and above|or above|or higher|minimum|min)|(?<less>or less|or under|or below|or lower|max(?:imum)?|tops|budget))${NOT_MONEY}`,
);
const BUDGET = words(`${CUE}${A}${NOT_MONEY}`);
const BARE = words(`${A}${NOT_MONEY}`);

type Groups = Record<string, string | undefined>;

function amountOf(groups: Groups, name: string): number | null {
  const digits = groups[`${name}Num`];
  if (digits === undefined) return null;
  const value = Number(digits.replace(/,/g, '')) * (groups[`${name}K`] ? 1_000 : 1);
  return Number.isFinite(value) ? value : null;
}

function hasCurrency(groups: Groups, name: string): boolean {
  return groups[`${name}Pre`] !== undefined || groups[`${name}Post`] !== undefined;
}

const WORD_RANGES: readonly (readonly [RegExp, PriceRange])[] = [
  [
    words(
      'on a (?:tight |small |low |limited )?budget|(?:tight|small|limited|low)[ -]budget|budget[ -]friendly|budget|cheap(?:ly|er|o)?|affordable|inexpensive|not expensive|low[ -]cost|low[ -]priced?|economical|bargain|reasonably priced|reasonable(?: price)?|' +
        'barat[oa]s?|economic[oa]s?|pas cher|peu cher|bon marche|gunstig|billig|preiswert|economique',
    ),
    'low',
  ],
  [words('mid[ -]?range|mid[ -]priced|mid[ -]budget|medium[ -](?:budget|priced?)|moderately priced|moderate(?: budget| price)?'), 'medium'],
  [
    words(
      'premium|expensive|high[ -]end|luxury|luxurious|high[ -]budget|big budget|pricey|costly|top[ -]dollar|top[ -]tier|lujo|luxe|haut de gamme|hochwertig',
    ),
    'high',
  ],
];

/**
 * The coarse range the listing shows for exact bounds: 'low' when everything asked is under $300,
 * 'high' when everything is over $700, 'medium' when the interval lies within $300-$700, else 'all'.
 * The exact bounds travel separately, so 'all' never widens what the server returns.
 */
export function coarsePriceRange(minPrice: number | null, maxPrice: number | null): PriceRange {
  if (minPrice === null && maxPrice === null) return 'all';
  if (maxPrice !== null && maxPrice <= PRICE_THRESHOLDS.low) return 'low';
  if (minPrice !== null && minPrice >= PRICE_THRESHOLDS.high) return 'high';
  if (minPrice !== null && maxPrice !== null && minPrice >= PRICE_THRESHOLDS.low && maxPrice <= PRICE_THRESHOLDS.high) return 'medium';
  return 'all';
}

/**
 * Finds price phrases and blanks them. A bare number is money only when a currency or a price word
 * ("under", "budget", "between") introduces it, so "3d logo", "web3" and "top 10" stay search words.
 * Amounts win over price words: "cheap, under $500" keeps the exact $500 bound.
 */
export function extractPrice(text: MaskedText): PriceFinding {
  const mins: number[] = [];
  const maxes: number[] = [];
  const range = (groups: Groups, requireCue: boolean): boolean => {
    const low = amountOf(groups, 'a');
    const high = amountOf(groups, 'b');
    if (low === null || high === null) return false;
    const introduced = groups.cue !== undefined || groups.from !== undefined || groups.sep === 'to' || hasCurrency(groups, 'a');
    if (requireCue && !introduced && !hasCurrency(groups, 'b')) return false;
    mins.push(Math.min(low, high));
    maxes.push(Math.max(low, high));
    return true;
  };
  const one = (list: number[], groups: Groups, requireCurrency = false): true | null => {
    const value = amountOf(groups, 'a');
    if (value === null || (requireCurrency && !hasCurrency(groups, 'a'))) return null;
    list.push(value);
    return true;
  };

  const found = [
    ...text.consume(BETWEEN, (m) => range(m.groups ?? {}, false) || null),
    ...text.consume(SPAN, (m) => range(m.groups ?? {}, true) || null),
    ...text.consume(AT_MOST, (m) => one(maxes, m.groups ?? {})),
    ...text.consume(AT_LEAST, (m) => one(mins, m.groups ?? {})),
    ...text.consume(SUFFIXED, (m) => one(m.groups?.plus !== undefined ? mins : maxes, m.groups ?? {})),
    ...text.consume(BUDGET, (m) => one(maxes, m.groups ?? {})),
    // A lone amount with a currency ("a logo for $50") is read as the budget, hence a maximum.
    ...text.consume(BARE, (m) => one(maxes, m.groups ?? {}, true)),
  ];
  const wordHits = WORD_RANGES.flatMap(([pattern, priceRange]) => text.consume(pattern, () => priceRange));
  const word = wordHits.reduce<(typeof wordHits)[number] | null>(
    (first, item) => (first === null || item.trigger.start < first.trigger.start ? item : first),
    null,
  );

  let minPrice = mins.length > 0 ? Math.max(...mins) : null;
  let maxPrice = maxes.length > 0 ? Math.min(...maxes) : null;
  // "over 700 but under 300" is a slip, not an empty search: keep both numbers as an interval.
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  const boundTriggers = found.map((item) => item.trigger).sort((a, b) => a.start - b.start);
  if (boundTriggers.length > 0) {
    return { minPrice, maxPrice, priceRange: coarsePriceRange(minPrice, maxPrice), boundTriggers, wordTrigger: null };
  }
  return { minPrice: null, maxPrice: null, priceRange: word?.value ?? 'all', boundTriggers, wordTrigger: word?.trigger ?? null };
}
