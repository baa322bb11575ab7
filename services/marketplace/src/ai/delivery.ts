import { DELIVERY_OPTIONS } from '@commonwork/contracts';
import { type MaskedText, type Trigger, words } from './text.ts';

/** What the request said about delivery time. */
export interface DeliveryFinding {
  /** The longest delivery accepted, in whole days; null when none was asked or it is a month or more. */
  days: number | null;
  /** The days asked for (45 for "in 45 days"), for the explanation. */
  requested: number | null;
  trigger: Trigger | null;
}

/** The longest delivery a gig can offer: a limit at or past it limits nothing. */
const LONGEST = Math.max(...DELIVERY_OPTIONS.map((option) => Number(option.value)));

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
  // Spanish, French and German, for "en 2 dias", "en deux jours", "in zwei Tagen".
  uno: 1,
  una: 1,
  un: 1,
  une: 1,
  ein: 1,
  eine: 1,
  einem: 1,
  einer: 1,
  dos: 2,
  deux: 2,
  zwei: 2,
  tres: 3,
  trois: 3,
  drei: 3,
  cinco: 5,
  cinq: 5,
  funf: 5,
};

const COUNT =
  '\\d+(?:\\.\\d+)?|a couple of|a couple|couple of|couple|a few|few|an|a|one|two|three|four|five|six|seven|eight|nine|ten|' +
  'uno|una|une|un|einem|einer|eine|ein|dos|deux|zwei|tres|trois|drei|cinco|cinq|funf';
const LEAD = '(?:(?:delivered|delivery|deliver|delivers|done|ready|finished|completed|turnaround|due|needed|need it)\\s+)?';
const WITHIN =
  '(?:(?:in less than|in under|less than|no more than|not more than|at most|within|inside|under|in|by|max|maximum|up to|' +
  'en menos de|en moins de|en|dans|sous|innerhalb von|innerhalb|binnen|in weniger als)\\s+)?';
const TAIL = '(?:\\s+(?:delivery|turnaround|deadline|max|or less))?';
const UNIT =
  'hours?|hrs?|h|days?|weeks?|wks?|months?|horas?|heures?|stunden?|dias?|jours?|tagen?|tage|semanas?|semaines?|wochen?|mes(?:es)?|mois|monaten?|monate';

/** "in 3 days", "within a week", "24 hours", "2-3 weeks", "3-day delivery", "en 2 dias", "in zwei Tagen". */
const COUNTED = words(`${LEAD}${WITHIN}(?<n>${COUNT})(?:\\s*(?:-|to|or)\\s*(?<m>${COUNT}))?\\s*-?\\s*(?<unit>${UNIT})${TAIL}`);

/** Words that ask for speed without naming a deadline, in English and the loanwords people mix in. */
const FAST =
  'asap|a\\.s\\.a\\.p\\.?|as soon as possible|urgent(?:ly)?|rush(?: job| order)?|immediately|right away|in a hurry|' +
  // "express" alone is Express.js; only "express delivery" asks for speed.
  '(?:fast|quick|speedy|rapid|express|short)(?:[ -](?:delivery|turnaround|turn around|service))|' +
  '(?:fast(?:er|est)?|quick(?:ly|er|est)?|speedy|rapid(?:ly)?)(?![ -]?(?:loading|load|performance|page ?speed))|' +
  'urgente|rapido|rapidamente|rapide|rapidement|vite|schnell|dringend|eilig|pronto';

/** Day names in English, Spanish, French and German, Sunday first like `Date.getUTCDay`. */
const WEEKDAYS: readonly string[][] = [
  ['sunday', 'sun', 'domingo', 'dimanche', 'sonntag'],
  ['monday', 'mon', 'lunes', 'lundi', 'montag'],
  ['tuesday', 'tue', 'tues', 'martes', 'mardi', 'dienstag'],
  ['wednesday', 'wed', 'miercoles', 'mercredi', 'mittwoch'],
  ['thursday', 'thu', 'thurs', 'jueves', 'jeudi', 'donnerstag'],
  ['friday', 'fri', 'viernes', 'vendredi', 'freitag'],
  ['saturday', 'sat', 'sabado', 'samedi', 'samstag'],
];
const DAY_INDEX = new Map(WEEKDAYS.flatMap((names, day) => names.map((name) => [name, day] as const)));
/** "by Friday", "before next Monday", "until Sunday", "para el viernes": a short form only after a preposition. */
const WEEKDAY = words(
  `${LEAD}(?:(?<prep>by|before|until|till|for|on|due|para el|el|avant|d'ici|pour|bis|vor)\\s+)?(?:(?<next>next|this|coming)\\s+)?(?<day>${[...DAY_INDEX.keys()].sort((a, b) => b.length - a.length).join('|')})`,
);

/**
 * Phrases without a count. "asap", "urgent" and "rush" give 3 days: they ask for speed but name no
 * deadline, and the 1-day option would hide most gigs; "today", "tomorrow" and "24 hours" give 1.
 * "next week" gives 14 because a deadline next week can be up to 13 days away.
 */
const NAMED: readonly (readonly [RegExp, number])[] = [
  [
    words(
      `${LEAD}(?:by |until |before |for |para |pour |bis )?(?:tomorrow(?: morning)?|today|tonight|same[ -]day|overnight|end of (?:the )?day|eod|in 24h|manana|hoy|demain|aujourd'hui|morgen|heute)${TAIL}`,
    ),
    1,
  ],
  [words(`${LEAD}(?:${FAST})`), 3],
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
  if (/^(?:h|stunde)/.test(unit)) return amount / 24;
  if (/^(?:w|sem)/.test(unit)) return amount * 7;
  if (/^(?:mo|mes)/.test(unit)) return amount * 30;
  return amount;
}

/** "by the weekend", "this weekend": until Sunday. */
const WEEKEND = words(`${LEAD}(?:(?:by|before|until|over|for|this|on)\\s+)?(?:the\\s+)?weekend`);

/** Days from `now` until the named weekday (a week when it is today); "next Friday" is the one after. */
function daysUntil(day: number, now: Date, next: boolean): number {
  const ahead = (day - now.getUTCDay() + 7) % 7 || 7;
  return next && ahead < 7 ? ahead + 7 : ahead;
}

/**
 * Finds delivery phrases and blanks them; weekdays count from `now`. When several appear, the
 * strictest (fewest days) wins, since a buyer who says "this week, ideally tomorrow" can still use
 * the one-day gigs. The limit is the days asked, not rounded to a delivery option: "in 2 days"
 * must not show a 3-day gig.
 */
export function extractDelivery(text: MaskedText, now: Date = new Date()): DeliveryFinding {
  const found = text.consume(COUNTED, (match) => {
    const groups = match.groups ?? {};
    // For "2-3 weeks" the upper bound is what the buyer still accepts.
    const amount = count(groups.m) ?? count(groups.n);
    return amount === null ? null : toDays(amount, groups.unit ?? 'days');
  });
  found.push(
    ...text.consume(WEEKDAY, (match) => {
      const { day, prep, next } = match.groups ?? {};
      const index = DAY_INDEX.get(day ?? '');
      // "sun", "sat" and "wed" are words of their own; alone they are days only after "by", "until"…
      if (index === undefined || ((day?.length ?? 0) <= 4 && prep === undefined)) return null;
      return daysUntil(index, now, next === 'next');
    }),
    ...text.consume(WEEKEND, () => daysUntil(0, now, false)),
  );
  for (const [pattern, days] of NAMED) found.push(...text.consume(pattern, () => days));
  const usable = found.filter((item) => Number.isFinite(item.value) && item.value > 0);
  const strictest = usable.reduce<(typeof usable)[number] | null>(
    (best, item) => (best === null || item.value < best.value ? item : best),
    null,
  );
  if (strictest === null) return { days: null, requested: null, trigger: null };
  const requested = Math.max(1, Math.ceil(strictest.value));
  return { days: requested >= LONGEST ? null : requested, requested, trigger: strictest.trigger };
}
