import { t } from './browse/locales/index.ts';

/**
 * Marketplace strings of spec 001 §2, §4, §5, §6 and §8 (English word for word in locales/en.json),
 * each read when it is shown, so it is in the language on screen then.
 */
export const GIG_MESSAGES = {
  listing: {
    loadFailed: () => t('marketplace.listing.loadFailed'),
    loadMoreFailed: () => t('marketplace.listing.loadMoreFailed'),
    aiFailed: () => t('marketplace.listing.aiFailed'),
    emptyTitle: () => t('marketplace.listing.emptyTitle'),
    emptyHint: () => t('marketplace.listing.emptyHint'),
    loadMore: () => t('marketplace.listing.loadMore'),
  },
  delete: {
    confirm: (title: string) => t('marketplace.delete.confirm', { title }),
    success: () => t('marketplace.delete.success'),
    failed: () => t('marketplace.delete.failed'),
    loginRequired: () => t('marketplace.delete.loginRequired'),
  },

  detail: {
    loadFailed: () => t('marketplace.detail.loadFailed'),
    notFoundTitle: () => t('marketplace.detail.notFoundTitle'),
    notFoundText: () => t('marketplace.detail.notFoundText'),
    contactLoginRequired: () => t('marketplace.detail.contactLoginRequired'),
    contactSelf: () => t('marketplace.detail.contactSelf'),
    contactFailed: () => t('marketplace.detail.contactFailed'),
    interestLoginRequired: () => t('marketplace.detail.interestLoginRequired'),
    interestSent: () => t('marketplace.detail.interestSent'),
    interestFailed: () => t('marketplace.detail.interestFailed'),
    /** Not quoted by the spec (its share button has no behaviour shown): ours. */
    linkCopied: () => t('marketplace.detail.linkCopied'),
    linkCopyFailed: () => t('marketplace.detail.linkCopyFailed'),
  },
} as const;

/** 'N gigs found' and 'Showing X of Y' (spec 001 §2), word for word for every N in English. */
export const resultCountText = (total: number) => t('marketplace.listing.resultCount', { total });
export const showingText = (shown: number, total: number) => t('marketplace.listing.showing', { shown, total });

/**
 * The hero's figures, the platform's own counts (spec 001 §1's fixed '10K+ professionals, 95%
 * satisfaction, 24/7 support' were nobody's): their nouns, plural by the count.
 */
export const MARKETPLACE_FIGURE_LABELS = {
  members: 'marketplace.figures.members',
  activeGigs: 'marketplace.figures.activeGigs',
  events: 'marketplace.figures.events',
} as const;

/** The freelancer blurb's figures, each the freelancer's own (spec 001 §1 had fixed placeholders). */
export const FREELANCER_FIGURE_LABELS = {
  rating: 'marketplace.freelancer.rating',
  reviews: 'marketplace.freelancer.reviews',
  responseRate: 'marketplace.freelancer.responseRate',
  responseTime: 'marketplace.freelancer.responseTime',
} as const;
