import type { Gig } from '@commonwork/contracts';
import MapPin from 'lucide-react/icons/map-pin';
import { reviewsText } from '../../shared/figures/figures.ts';
import { Avatar } from '../../shared/ui/Avatar.tsx';
import { cardClass } from '../../shared/ui/classes.ts';
import { usePerson } from '../profile/api.ts';
import { DEFAULT_LOCATION } from './gigDisplay.ts';
import { FREELANCER_FIGURE_LABELS } from './messages.ts';

/**
 * The freelancer's card beside the description: name, picture (or initials), location, and their own
 * rating and reviews as identity keeps them (spec 001 §1 showed fixed placeholders: 4.9, 156, 98%).
 * While the person loads their figures are placeholders; if they cannot be read, none are shown.
 */
export function FreelancerBlurb({ gig }: { gig: Gig }) {
  const { name, picture, profile } = gig.freelancer;
  const person = usePerson(gig.freelancer._id);
  return (
    <section className={cardClass} aria-labelledby="freelancer-title">
      <h2 id="freelancer-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        About the freelancer
      </h2>
      <div className="mt-4 flex items-center gap-4">
        <Avatar name={name} picture={picture || null} className="h-14 w-14 text-lg" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900 dark:text-white">{name}</p>
          <p className="flex items-center gap-1 text-sm text-slate-500 dark:text-slate-400">
            <MapPin className="h-4 w-4" aria-hidden="true" />
            {profile?.location || DEFAULT_LOCATION}
          </p>
        </div>
      </div>
      {person.isPending && <div className="mt-5 h-16 animate-pulse rounded-xl bg-slate-100 dark:bg-slate-800" aria-hidden="true" />}
      {person.data && <FreelancerFigures rating={person.data.rating} reviews={person.data.reviewCount} />}
    </section>
  );
}

/** Rating and reviews; before the first review, only 'No reviews yet'. */
function FreelancerFigures({ rating, reviews }: { rating: number; reviews: number }) {
  const text = reviewsText(rating, reviews);
  if (text.rating === null) {
    return (
      <p className="mt-5 rounded-xl bg-slate-50 px-3 py-3 text-center text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        {text.reviews}
      </p>
    );
  }
  const figures = [
    { label: FREELANCER_FIGURE_LABELS.rating, value: text.rating },
    { label: FREELANCER_FIGURE_LABELS.reviews, value: String(reviews) },
  ];
  return (
    <dl className="mt-5 grid grid-cols-2 gap-3 text-center">
      {figures.map(({ value, label }) => (
        <div key={label} className="flex flex-col-reverse rounded-xl bg-slate-50 px-2 py-3 dark:bg-slate-800">
          <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
          <dd className="text-lg font-bold text-slate-900 dark:text-white">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
