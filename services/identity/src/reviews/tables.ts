/** Each review's rating of a person (orders' events): a person's rating and review count are recounted from these rows. */
export interface ReviewRatingsTable {
  review_id: string;
  seller_id: string;
  rating: number;
  updated_at: Date;
}

export interface ReviewRatingsTables {
  review_ratings: ReviewRatingsTable;
}
