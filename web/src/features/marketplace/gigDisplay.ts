import { earnsTopRated, GIG_CATEGORIES, type Gig, type GigCategory } from '@commonwork/contracts';
import english from './locales/en.json';
import { t } from './locales/index.ts';

type MessageId = keyof typeof english;

/** The delivery time a gig without one (or with an unknown one) is shown with (spec 001 §2: '7 days'). */
const DEFAULT_DELIVERY_DAYS = 7;

/** Shown when the freelancer has no location (spec 001 §2: 'Remote'). */
export const defaultLocation = () => t('marketplace.freelancer.remote');

const isCategory = (value: string): value is GigCategory => Object.hasOwn(GIG_CATEGORIES, value);

/** A catalog's message for `key` under `prefix` ('marketplace.category.web'), if it has one. */
const messageOf = (prefix: string, key: string): MessageId | null => {
  const id = `${prefix}.${key}`;
  return Object.hasOwn(english, id) ? (id as MessageId) : null;
};

/**
 * The category's label ('web' → 'Web Development') in the language shown; a name that is the same
 * in every language ('DevOps') is the contracts' label; an unknown value is shown as is.
 */
export function categoryLabel(category: string | null | undefined): string {
  if (!category) return '';
  if (!isCategory(category)) return category;
  const id = messageOf('marketplace.category', category);
  return id ? t(id) : GIG_CATEGORIES[category].label;
}

/** Sub-categories named the same in every language (technologies and trades' own words). */
const SUB_CATEGORY_NAMES: Record<string, string> = {
  frontend: 'Frontend',
  backend: 'Backend',
  wordpress: 'WordPress',
  ios: 'iOS',
  android: 'Android',
  cicd: 'CI/CD',
  seo: 'SEO',
};

/**
 * A readable sub-category ('cicd' → 'CI/CD', 'logo' → 'Logo Design' in the language shown);
 * unknown values get a capital first letter.
 */
export function subCategoryLabel(value: string): string {
  const id = messageOf('marketplace.subCategory', value);
  if (id) return t(id);
  const name = Object.hasOwn(SUB_CATEGORY_NAMES, value) ? SUB_CATEGORY_NAMES[value] : undefined;
  return name ?? value.charAt(0).toUpperCase() + value.slice(1);
}

/** The sub-categories a category offers; none for no (or an unknown) category. */
export function subCategoriesOf(category: string): readonly string[] {
  return isCategory(category) ? GIG_CATEGORIES[category].subCategories : [];
}

/** DELIVERY_OPTIONS' labels that are not a count of days. */
const DELIVERY_PERIODS: Record<string, MessageId> = {
  '7': 'marketplace.delivery.week',
  '14': 'marketplace.delivery.twoWeeks',
  '30': 'marketplace.delivery.month',
};

/**
 * The delivery time as text, as DELIVERY_OPTIONS label it ('7' → '1 week', '3' → '3 days');
 * another whole number of days reads 'N days'; nothing (or nonsense) reads the spec's default '7 days'.
 */
export function deliveryLabel(deliveryTime: string | null | undefined): string {
  const period = deliveryTime && Object.hasOwn(DELIVERY_PERIODS, deliveryTime) ? DELIVERY_PERIODS[deliveryTime] : undefined;
  if (period) return t(period);
  const days = Number(deliveryTime);
  const known = Boolean(deliveryTime) && Number.isInteger(days) && days > 0;
  return t('marketplace.delivery.days', { days: known ? days : DEFAULT_DELIVERY_DAYS });
}

/** The gig's id, whichever of `_id` and `id` the response carries. */
export function gigIdOf(gig: { _id?: string | null; id?: string | null }): string {
  return gig._id || gig.id || '';
}

/** Client-side ownership (spec 001 §6): the freelancer's id is the signed-in user's. */
export function isOwner(gig: Pick<Gig, 'freelancer'> | null | undefined, userId: string | null | undefined): boolean {
  return Boolean(userId && gig?.freelancer?._id && gig.freelancer._id === userId);
}

/**
 * Top Rated by the written rule (contracts' TOP_RATED_RULE: 4.8 or more from 10 reviews or more), not
 * by place: spec 001 §2 put it on the first two results whatever their rating.
 */
export const isTopRated = (gig: Pick<Gig, 'rating' | 'reviews'>) => earnsTopRated(gig.rating, gig.reviews);

/** '4.8' for a rating; a missing or zero rating reads '0.0' (the card still shows its review count). */
export function ratingText(rating: number | null | undefined): string {
  return (rating ?? 0).toFixed(1);
}

const COUNT_MESSAGES = {
  review: 'marketplace.count.review',
  order: 'marketplace.count.order',
  view: 'marketplace.count.view',
} as const satisfies Record<string, MessageId>;

/** A count with its noun, plural by the language: '1 review', '12 reviews', '0 orders'. */
export const countText = (count: number, noun: keyof typeof COUNT_MESSAGES) => t(COUNT_MESSAGES[noun], { count });

/**
 * The chat id in a create-chat answer: the spec only says it "contains the chat id", so the usual
 * places are read in turn (`data._id`, `data.id`, `chat._id`, `chat.id`, `_id`, `id`, `chatId`).
 */
export function chatIdOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const idIn = (value: unknown): string | null => {
    if (typeof value !== 'object' || value === null) return null;
    const { _id, id } = value as { _id?: unknown; id?: unknown };
    if (typeof _id === 'string' && _id) return _id;
    if (typeof id === 'string' && id) return id;
    return null;
  };
  const chatId = typeof record.chatId === 'string' && record.chatId ? record.chatId : null;
  return idIn(record.data) ?? idIn(record.chat) ?? idIn(record) ?? chatId;
}
