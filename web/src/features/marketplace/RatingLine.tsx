import Star from 'lucide-react/icons/star';
import { countText, ratingText } from './gigDisplay.ts';

/** Rating with review count, shown under the title. */
export function RatingLine({ rating, reviews }: { rating: number; reviews: number }) {
  return (
    <span className="inline-flex items-center gap-1">
      <Star className="h-4 w-4 fill-amber-400 text-amber-400" aria-hidden="true" />
      <span className="font-semibold text-slate-900 dark:text-white">{ratingText(rating)}</span>
      <span>({countText(reviews, 'review')})</span>
    </span>
  );
}
