import type { Gig, TechEvent, TopFreelancer } from '@commonwork/contracts';
import CalendarDays from 'lucide-react/icons/calendar-days';
import MapPin from 'lucide-react/icons/map-pin';
import Star from 'lucide-react/icons/star';
import Users from 'lucide-react/icons/users';
import { Link } from 'react-router-dom';
import { formatCurrency, formatRelativeTimeShort } from '../../shared/format/index.ts';
import { Avatar } from '../../shared/ui/Avatar.tsx';
import { eventDate } from '../events/eventDate.ts';
import { whereText } from '../events/eventDisplay.ts';
import { ratingText } from '../marketplace/gigDisplay.ts';
import { useT } from './locales/index.ts';

const row = 'flex items-center gap-3 rounded-xl p-2 transition hover:bg-slate-50 dark:hover:bg-slate-800';

/** Where a person's profile opens: by username when they have one, else by id (spec 000 §2). */
export const profilePathOf = (user: Pick<TopFreelancer, 'id' | 'username'>) => `/profile/${user.username ?? user.id}`;

export function TrendingGigs({ gigs }: { gigs: Gig[] }) {
  return (
    <ul className="space-y-1">
      {gigs.map((gig) => (
        <li key={gig.id}>
          <Link to={`/marketplace/${gig.id}`} className={row}>
            <Avatar name={gig.freelancer.name} picture={gig.freelancer.picture} />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-slate-900 dark:text-white" title={gig.title}>
                {gig.title}
              </p>
              <p className="truncate text-sm text-slate-500 dark:text-slate-400" title={gig.freelancer.name}>
                {gig.freelancer.name} · {formatRelativeTimeShort(gig.createdAt)}
              </p>
            </div>
            <span className="font-semibold text-green-700 dark:text-green-400">{formatCurrency(gig.price)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function TopFreelancers({ people }: { people: TopFreelancer[] }) {
  const t = useT();
  return (
    <ul className="space-y-1">
      {people.map((person) => {
        const headline = person.title || t('dashboard.freelancers.activeGigs', { count: person.activeGigs });
        return (
          <li key={person.id}>
            <Link to={profilePathOf(person)} className={row}>
              <Avatar name={person.name} picture={person.picture} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900 dark:text-white" title={person.name}>
                  {person.name}
                </p>
                <p className="truncate text-sm text-slate-500 dark:text-slate-400" title={headline}>
                  {headline}
                </p>
              </div>
              {/* A rating only once someone has reviewed them: '0.0' would read as a bad one. */}
              {person.reviewCount > 0 && (
                <span className="inline-flex items-center gap-1 text-sm text-amber-700 dark:text-amber-400">
                  <Star className="h-4 w-4 fill-current" aria-hidden="true" />
                  {ratingText(person.rating)}
                </span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function UpcomingEvents({ events }: { events: TechEvent[] }) {
  const t = useT();
  return (
    <ul className="space-y-1">
      {events.map((event) => (
        <li key={event.id}>
          <Link to={`/events/${event.id}`} className={row}>
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300">
              <CalendarDays className="h-5 w-5" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-slate-900 dark:text-white" title={event.title}>
                {event.title}
              </p>
              <p className="flex flex-wrap gap-x-3 text-sm text-slate-500 dark:text-slate-400">
                <span>{eventDate(event)}</span>
                <span className="inline-flex items-center gap-1">
                  <MapPin className="h-3.5 w-3.5" aria-hidden="true" />
                  {whereText(event)}
                </span>
                <span className="inline-flex items-center gap-1">
                  <Users className="h-3.5 w-3.5" aria-hidden="true" />
                  {t('dashboard.events.attending', { count: event.attendeeCount })}
                </span>
              </p>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Rows of grey while a section loads. */
export function ListSkeleton({ rows }: { rows: number }) {
  return (
    <ul className="space-y-3" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <li key={i} className="flex animate-pulse items-center gap-3 p-2">
          <span className="h-10 w-10 rounded-full bg-slate-200 dark:bg-slate-700" />
          <span className="flex-1 space-y-2">
            <span className="block h-3 w-2/3 rounded bg-slate-200 dark:bg-slate-700" />
            <span className="block h-3 w-1/3 rounded bg-slate-200 dark:bg-slate-700" />
          </span>
        </li>
      ))}
    </ul>
  );
}
