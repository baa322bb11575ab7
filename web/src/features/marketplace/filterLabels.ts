import { GIG_CATEGORIES, type GigCategory, type GigSort, PRICE_THRESHOLDS, type PriceRange } from '@commonwork/contracts';
import { formatCurrency } from '../../shared/format/index.ts';
import { t } from './browse/locales/index.ts';
import { categoryLabel } from './gigDisplay.ts';
import type { AiRefinements, GigFilters } from './listing.ts';

// The Smart Filters' choices, in the language shown when they are drawn.
export const categoryOptions = (): { value: GigFilters['category']; label: string }[] => [
  { value: 'all', label: t('marketplace.filters.allCategories') },
  ...Object.keys(GIG_CATEGORIES).map((value) => ({ value: value as GigCategory, label: categoryLabel(value) })),
];

export const priceRangeOptions = (): { value: PriceRange; label: string }[] => [
  { value: 'all', label: t('marketplace.filters.allPrices') },
  { value: 'low', label: t('marketplace.filters.under', { price: formatCurrency(PRICE_THRESHOLDS.low) }) },
  { value: 'medium', label: `${formatCurrency(PRICE_THRESHOLDS.low)}-${formatCurrency(PRICE_THRESHOLDS.high)}` },
  { value: 'high', label: t('marketplace.filters.over', { price: formatCurrency(PRICE_THRESHOLDS.high) }) },
];

export const sortOptions = (): { value: GigSort; label: string }[] => [
  { value: 'relevance', label: t('marketplace.filters.relevance') },
  { value: 'price-low', label: t('marketplace.filters.priceLow') },
  { value: 'price-high', label: t('marketplace.filters.priceHigh') },
  { value: 'rating', label: t('marketplace.filters.rating') },
];

/**
 * The refinements as short chips for the AI panel: 'Words: logo', 'From $50', 'Up to $500',
 * 'Delivery within 3 days'.
 */
export function refinementLabels(refinements: AiRefinements): string[] {
  const labels: string[] = [];
  if (refinements.words) labels.push(t('marketplace.ai.words', { words: refinements.words }));
  if (refinements.minPrice !== undefined) labels.push(t('marketplace.ai.from', { price: formatCurrency(refinements.minPrice) }));
  if (refinements.maxPrice !== undefined) labels.push(t('marketplace.ai.upTo', { price: formatCurrency(refinements.maxPrice) }));
  if (refinements.maxDelivery !== undefined) labels.push(t('marketplace.ai.deliveryWithin', { days: refinements.maxDelivery }));
  return labels;
}
