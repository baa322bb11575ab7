/** Marketplace strings of spec 001 §2, §4, §5, §6 and §8, word for word. */
export const GIG_MESSAGES = {
  listing: {
    loadFailed: 'Failed to load gigs',
    loadMoreFailed: 'Failed to load more gigs',
    aiFailed: 'AI search failed, using regular search',
    emptyTitle: 'No gigs found',
    emptyHint: 'Try adjusting your filters or search terms',
    loadMore: 'Load More Gigs',
  },
  delete: {
    confirm: (title: string) => `Are you sure you want to delete "${title}"? This action cannot be undone.`,
    success: 'Gig deleted successfully',
    failed: 'Failed to delete gig',
    loginRequired: 'Please log in to delete gigs',
  },
  form: {
    loadFailed: 'Failed to load gig data',
    draftSaved: 'Gig saved as draft!',
    published: 'Gig published successfully!',
    updated: 'Gig updated successfully!',
    draftFailed: 'Failed to save draft',
    saveFailed: 'Failed to save gig',
  },
  detail: {
    loadFailed: 'Failed to load gig details',
    notFoundTitle: 'Gig not found',
    notFoundText: "The gig you're looking for doesn't exist or has been removed.",
    orderSoon: 'Order feature coming soon!',
    contactLoginRequired: 'Please log in to contact the freelancer',
    contactSelf: 'You cannot contact yourself',
    contactFailed: 'Failed to create chat with freelancer',
    interestLoginRequired: 'Please log in to create notifications',
    interestSent: 'Interest notification sent to freelancer',
    interestFailed: 'Failed to send notification',
    /** Not quoted by the spec (its share button has no behaviour shown): ours. */
    linkCopied: 'Gig link copied to clipboard',
    linkCopyFailed: 'Could not copy the link',
  },
} as const;

/** 'N gigs found' and 'Showing X of Y' (spec 001 §2), word for word for every N. */
export const resultCountText = (total: number) => `${total} gigs found`;
export const showingText = (shown: number, total: number) => `Showing ${shown} of ${total}`;

/**
 * The hero's figures, the platform's own counts (spec 001 §1's fixed '10K+ professionals, 95%
 * satisfaction, 24/7 support' were nobody's): singular and plural.
 */
export const MARKETPLACE_FIGURE_LABELS = {
  members: ['member', 'members'],
  activeGigs: ['gig on offer', 'gigs on offer'],
  events: ['event', 'events'],
} as const;

/** The freelancer blurb's figures, each the freelancer's own (spec 001 §1 had fixed placeholders). */
export const FREELANCER_FIGURE_LABELS = {
  rating: 'rating',
  reviews: 'reviews',
  responseRate: 'response rate',
  responseTime: 'response time',
} as const;

/** A static list (spec 001 §2); choosing one searches for it. */
export const TRENDING_SKILLS = ['React', 'Node.js', 'Python', 'UI/UX Design', 'Machine Learning', 'Flutter', 'DevOps', 'SEO'] as const;
