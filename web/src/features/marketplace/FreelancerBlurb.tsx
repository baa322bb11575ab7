import type { Gig } from '@commonwork/contracts';
import MapPin from 'lucide-react/icons/map-pin';
import { Avatar } from '../../shared/ui/Avatar.tsx';
import { cardClass } from '../../shared/ui/classes.ts';
import { DEFAULT_LOCATION } from './gigDisplay.ts';
import { FREELANCER_BLURB_STATS } from './messages.ts';

/** The freelancer's card beside the description: name, picture (or initials), location and fixed stats. */
export function FreelancerBlurb({ gig }: { gig: Gig }) {
  const { name, picture, profile } = gig.freelancer;
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
      <dl className="mt-5 grid grid-cols-3 gap-3 text-center">
        {FREELANCER_BLURB_STATS.map(({ value, label }) => (
          <div key={label} className="flex flex-col-reverse rounded-xl bg-slate-50 px-2 py-3 dark:bg-slate-800">
            <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="text-lg font-bold text-slate-900 dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
