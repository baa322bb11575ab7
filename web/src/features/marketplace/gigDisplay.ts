import { DELIVERY_OPTIONS, earnsTopRated, GIG_CATEGORIES, type Gig, type GigCategory } from '@commonwork/contracts';

/** What the card shows when a gig has no (or an unknown) delivery time (spec 001 §2). */
export const DEFAULT_DELIVERY_TEXT = '7 days';

/** Shown when the freelancer has no location (spec 001 §2). */
export const DEFAULT_LOCATION = 'Remote';

const isCategory = (value: string): value is GigCategory => Object.hasOwn(GIG_CATEGORIES, value);

/** The category's label ('web' → 'Web Development'); an unknown value is shown as is. */
export function categoryLabel(category: string | null | undefined): string {
  if (!category) return '';
  return isCategory(category) ? GIG_CATEGORIES[category].label : category;
}

const SUB_CATEGORY_LABELS: Record<string, string> = {
  frontend: 'Frontend',
  backend: 'Backend',
  fullstack: 'Full Stack',
  wordpress: 'WordPress',
  ecommerce: 'E-commerce',
  ios: 'iOS',
  android: 'Android',
  ui: 'UI Design',
  ux: 'UX Design',
  graphic: 'Graphic Design',
  logo: 'Logo Design',
  analysis: 'Data Analysis',
  ml: 'Machine Learning',
  visualization: 'Data Visualization',
  cicd: 'CI/CD',
  cloud: 'Cloud',
  infrastructure: 'Infrastructure',
  copywriting: 'Copywriting',
  technical: 'Technical Writing',
  content: 'Content Writing',
  seo: 'SEO',
  social: 'Social Media',
  ads: 'Advertising',
};

/** A readable sub-category ('cicd' → 'CI/CD'); unknown values get a capital first letter. */
export function subCategoryLabel(value: string): string {
  const label = Object.hasOwn(SUB_CATEGORY_LABELS, value) ? SUB_CATEGORY_LABELS[value] : undefined;
  return label ?? value.charAt(0).toUpperCase() + value.slice(1);
}

/** The sub-categories a category offers; none for no (or an unknown) category. */
export function subCategoriesOf(category: string): readonly string[] {
  return isCategory(category) ? GIG_CATEGORIES[category].subCategories : [];
}

/**
 * The delivery time as text: the DELIVERY_OPTIONS label ('7' → '1 week'); another whole number of
 * days reads 'N days'; nothing (or nonsense) reads the spec's default '7 days'.
 */
export function deliveryLabel(deliveryTime: string | null | undefined): string {
  const option = DELIVERY_OPTIONS.find((o) => o.value === deliveryTime);
  if (option) return option.label;
  const days = Number(deliveryTime);
  if (deliveryTime && Number.isInteger(days) && days > 0) return days === 1 ? '1 day' : `${days} days`;
  return DEFAULT_DELIVERY_TEXT;
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

/** A count with its noun: '1 review', '12 reviews', '0 orders'. */
export const countText = (count: number, noun: 'review' | 'order' | 'view') => `${count} ${noun}${count === 1 ? '' : 's'}`;

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
