import { type AiSearchResult, aiListing, type GigSort, PRICE_THRESHOLDS } from '@commonwork/contracts';
import { formatCurrency } from '../../../shared/format/index.ts';
import { categoryLabel } from '../gigDisplay.ts';
import { t } from './locales/index.ts';

const SORT_TEXT = {
  'price-low': 'marketplace.aiReading.priceLow',
  'price-high': 'marketplace.aiReading.priceHigh',
  rating: 'marketplace.aiReading.rating',
} as const satisfies Record<Exclude<GigSort, 'relevance'>, string>;

/** The price part of the heading: the bounds read, else the price range (spec 000's thresholds). */
function priceText({ minPrice, maxPrice, priceRange }: ReturnType<typeof aiListing>): string | null {
  if (minPrice !== undefined && maxPrice !== undefined)
    return t('marketplace.aiReading.between', { min: formatCurrency(minPrice), max: formatCurrency(maxPrice) });
  if (maxPrice !== undefined) return t('marketplace.aiReading.under', { price: formatCurrency(maxPrice) });
  if (minPrice !== undefined) return t('marketplace.aiReading.over', { price: formatCurrency(minPrice) });
  if (priceRange === 'low') return t('marketplace.aiReading.under', { price: formatCurrency(PRICE_THRESHOLDS.low) });
  if (priceRange === 'high') return t('marketplace.aiReading.over', { price: formatCurrency(PRICE_THRESHOLDS.high) });
  if (priceRange === 'medium')
    return t('marketplace.aiReading.between', { min: formatCurrency(PRICE_THRESHOLDS.low), max: formatCurrency(PRICE_THRESHOLDS.high) });
  return null;
}

/**
 * The AI panel's heading and explanation in the language on screen, written from what the search
 * was read as (the same mapping the listing uses, `aiListing`), not the interpreter's English text:
 * a model's free sentences could not be translated, and the structure is the same for both
 * interpreters. The words left for text search are the person's own and stay as typed.
 */
export function aiReading(result: AiSearchResult): { heading: string; explanation: string } {
  const listing = aiListing(result);
  const { search: words, sortBy, maxDelivery } = listing;
  const category = listing.category === 'all' ? null : categoryLabel(listing.category);
  const head =
    category && words
      ? t('marketplace.aiReading.categoryWords', { category, words })
      : category
        ? t('marketplace.aiReading.category', { category })
        : words
          ? t('marketplace.aiReading.words', { words })
          : t('marketplace.aiReading.all');
  const filters = [
    priceText(listing),
    maxDelivery === undefined ? null : t('marketplace.aiReading.delivery', { days: maxDelivery }),
    sortBy === 'relevance' ? null : t(SORT_TEXT[sortBy]),
  ].filter((part): part is string => part !== null);
  const heading = [head, ...filters].join(', ');
  if (!category && filters.length === 0)
    return { heading, explanation: words ? t('marketplace.aiReading.plainText', { words }) : t('marketplace.aiReading.nothingFound') };
  const explanation =
    category && words
      ? t('marketplace.aiReading.rankWithin', { words, category })
      : words
        ? t('marketplace.aiReading.mustContain', { words })
        : t('marketplace.aiReading.filtersOnly');
  return { heading, explanation };
}
