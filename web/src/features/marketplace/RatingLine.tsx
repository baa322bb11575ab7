import Star from 'lucide-react/icons/star';
import { reviewsText } from '../../shared/figures/figures.ts';

/** Rating with review count ('4.8 (12 reviews)'); before the first review 'No reviews yet', not '0.0'. */
export function RatingLine({ rating, reviews }: { rating: number; reviews: number }) {
  const text = reviewsText(rating, reviews);
  return (
    <span className="inline-flex items-center gap-1">
      <Star className={`h-4 w-4 ${text.rating ? 'fill-amber-400 text-amber-400' : 'text-slate-400'}`} aria-hidden="true" />
      {text.rating ? (
        <>
          <span className="font-semibold text-slate-900 dark:text-white">{text.rating}</span>
          <span>({text.reviews})</span>
        </>
      ) : (
        <span>{text.reviews}</span>
      )}
    </span>
  );
}
