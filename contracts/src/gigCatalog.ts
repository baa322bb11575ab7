// The gig domain's fixed lists, limits and defaults, without zod: screens that only show gigs import
// these; the schemas stay with the forms and servers that validate.
/** Gig categories with their labels and sub-categories (spec 001 §3). */
export const GIG_CATEGORIES = {
  web: { label: 'Web Development', subCategories: ['frontend', 'backend', 'fullstack', 'wordpress', 'ecommerce'] },
  mobile: { label: 'Mobile Development', subCategories: ['ios', 'android'] },
  design: { label: 'UI/UX Design', subCategories: ['ui', 'ux', 'graphic', 'logo'] },
  data: { label: 'Data Science', subCategories: ['analysis', 'ml', 'visualization'] },
  devops: { label: 'DevOps', subCategories: ['cicd', 'cloud', 'infrastructure'] },
  writing: { label: 'Writing & Translation', subCategories: ['copywriting', 'technical', 'content'] },
  marketing: { label: 'Digital Marketing', subCategories: ['seo', 'social', 'ads'] },
} as const;

/** Delivery times in days, as gigs store them. */
export const DELIVERY_TIMES = ['1', '3', '7', '14', '30'] as const;

/** Delivery options in days, with their labels. */
export const DELIVERY_OPTIONS = [
  { value: '1', label: '1 day' },
  { value: '3', label: '3 days' },
  { value: '7', label: '1 week' },
  { value: '14', label: '2 weeks' },
  { value: '30', label: '1 month' },
] as const;

export const DEFAULT_DELIVERY_TIME: (typeof DELIVERY_TIMES)[number] = '7';

/** Price filter: low under $300, medium $300-$700, high over $700. */
export const PRICE_THRESHOLDS = { low: 300, high: 700 } as const;

export const GIG_PAGE_SIZE = 12;

export const GIG_TAGS_MAX = 10;

export const GIG_MIN_PRICE_HINT = 5;
