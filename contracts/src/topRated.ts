/**
 * The Top Rated rule (docs/decisions/web/earned-figures.md): a rating of at least 4.8 from at least 10
 * reviews. Ratings come from reviews of orders, so until someone has enough of them, nothing is
 * Top Rated; the badge is never given by a result's place in a list. The same rule for a gig (its
 * `rating`, `reviews`) and a freelancer (their `rating`, `reviewCount`).
 */
export const TOP_RATED_RULE = { minRating: 4.8, minReviews: 10 } as const;

/** Whether `rating` from `reviews` reviews earns Top Rated. */
export function earnsTopRated(rating: number, reviews: number): boolean {
  return reviews >= TOP_RATED_RULE.minReviews && rating >= TOP_RATED_RULE.minRating;
}
