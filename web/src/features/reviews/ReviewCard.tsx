import type { Review } from '@commonwork/contracts';
import { Link } from 'react-router-dom';
import { formatRelativeTimeShort } from '../../shared/format/index.ts';
import { Avatar } from '../../shared/ui/Avatar.tsx';
import { Trans, useT } from './locales/index.ts';
import { StarRating } from './Stars.tsx';

const linkClass = 'font-medium text-green-700 hover:underline dark:text-green-400';

function When({ at }: { at: string }) {
  return (
    <time dateTime={at} className="text-xs font-normal text-slate-500 dark:text-slate-400">
      {formatRelativeTimeShort(at)}
    </time>
  );
}

/**
 * One review: the reviewer (to their profile), the stars, when, the gig when the list spans a
 * person's gigs, the text, and the seller's answer beneath it.
 */
export function ReviewCard({ review, showGig = false }: { review: Review; showGig?: boolean }) {
  const t = useT();
  const profile = `/profile/${review.reviewer._id}`;
  return (
    <article className="space-y-2" aria-label={review.reviewer.name}>
      <div className="flex items-start gap-3">
        <Link to={profile} tabIndex={-1} aria-hidden="true">
          <Avatar name={review.reviewer.name} picture={review.reviewer.picture} />
        </Link>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Link to={profile} className="font-semibold text-slate-900 hover:underline dark:text-white">
              {review.reviewer.name}
            </Link>
            <StarRating rating={review.rating} />
            <When at={review.createdAt} />
          </div>
          {showGig && (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              <Trans
                id="reviews.on"
                values={{ title: review.gig.title }}
                components={[<Link key="gig" to={`/marketplace/${review.gig._id}`} className={linkClass} />]}
              />
            </p>
          )}
        </div>
      </div>
      {review.text && <p className="whitespace-pre-line break-words text-slate-700 dark:text-slate-300">{review.text}</p>}
      {review.reply && (
        <div className="ml-4 space-y-1 border-l-2 border-green-200 pl-4 dark:border-green-900">
          <p className="flex flex-wrap items-center gap-x-3 text-sm font-semibold text-slate-900 dark:text-white">
            {t('reviews.reply.from')}
            <When at={review.reply.createdAt} />
          </p>
          <p className="whitespace-pre-line break-words text-sm text-slate-700 dark:text-slate-300">{review.reply.text}</p>
        </div>
      )}
    </article>
  );
}
