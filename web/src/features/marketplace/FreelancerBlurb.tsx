import { type Gig, messagingRoutes } from '@commonwork/contracts';
import { useQuery } from '@tanstack/react-query';
import MapPin from 'lucide-react/icons/map-pin';
import { call } from '../../shared/api/index.ts';
import { reviewsText } from '../../shared/figures/figures.ts';
import { formatCount } from '../../shared/format/index.ts';

import { Avatar } from '../../shared/ui/Avatar.tsx';
import { cardClass } from '../../shared/ui/classes.ts';
import { usePerson } from '../profile/api.ts';
import { useT } from './browse/locales/index.ts';
import { defaultLocation } from './gigDisplay.ts';

import { FREELANCER_FIGURE_LABELS } from './messages.ts';
import { responseFigures } from './responseFigures.ts';

/** GET /api/chat/response-time/{id}: how the freelancer answers people who write about their gigs. */
function useResponseTime(userId: string) {
  return useQuery({
    queryKey: ['response-time', userId],
    queryFn: ({ signal }) => call(messagingRoutes.responseTime, { params: { userId }, signal }).then((body) => body.responseTime),
    retry: false,
  });
}

/**
 * The freelancer's card beside the description: name, picture (or initials), location, and their own
 * figures (spec 001 §1 showed fixed placeholders: 4.9, 156, 98%): rating and reviews as identity keeps
 * them, response rate and time as messaging counts them, each only when there is one to show.
 * While they load a placeholder stands in; what cannot be read is left out.
 */
export function FreelancerBlurb({ gig }: { gig: Gig }) {
  const t = useT();
  const { name, picture, profile } = gig.freelancer;
  const person = usePerson(gig.freelancer._id);
  const responses = useResponseTime(gig.freelancer._id);
  return (
    <section className={cardClass} aria-labelledby="freelancer-title">
      <h2 id="freelancer-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('marketplace.freelancer.title')}
      </h2>
      <div className="mt-4 flex items-center gap-4">
        <Avatar name={name} picture={picture || null} className="h-14 w-14 text-lg" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900 dark:text-white">{name}</p>
          <p className="flex items-center gap-1 text-sm text-slate-500 dark:text-slate-400">
            <MapPin className="h-4 w-4" aria-hidden="true" />
            {profile?.location || defaultLocation()}
          </p>
        </div>
      </div>
      {person.isPending || responses.isPending ? (
        <div className="mt-5 h-16 animate-pulse rounded-xl bg-slate-100 dark:bg-slate-800" aria-hidden="true" />
      ) : (
        <FreelancerFigures person={person.data} responses={responseFigures(responses.data)} />
      )}
    </section>
  );
}

interface FiguresProps {
  person: { rating: number; reviewCount: number } | undefined;
  responses: ReturnType<typeof responseFigures>;
}

/** The figures there are; before the first review 'No reviews yet' in place of a rating. */
function FreelancerFigures({ person, responses }: FiguresProps) {
  const t = useT();
  const reviews = person ? reviewsText(person.rating, person.reviewCount) : null;
  const figures = [
    ...(reviews?.rating
      ? [
          { label: t(FREELANCER_FIGURE_LABELS.rating), value: reviews.rating },
          { label: t(FREELANCER_FIGURE_LABELS.reviews), value: formatCount(person?.reviewCount ?? 0) },
        ]
      : []),
    ...(responses ? [{ label: t(FREELANCER_FIGURE_LABELS.responseRate), value: responses.rate }] : []),
    ...(responses?.time ? [{ label: t(FREELANCER_FIGURE_LABELS.responseTime), value: responses.time }] : []),
  ];
  return (
    <div className="mt-5 space-y-3">
      {reviews && !reviews.rating && (
        <p className="rounded-xl bg-slate-50 px-3 py-3 text-center text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          {reviews.reviews}
        </p>
      )}
      {figures.length > 0 && (
        <dl className="grid grid-cols-2 gap-3 text-center">
          {figures.map(({ value, label }) => (
            <div key={label} className="flex flex-col-reverse rounded-xl bg-slate-50 px-2 py-3 dark:bg-slate-800">
              <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
              <dd className="text-lg font-bold text-slate-900 dark:text-white">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
