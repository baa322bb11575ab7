import { EVENT_CARD_TAGS, type TechEvent } from '@commonwork/contracts';
import CalendarDays from 'lucide-react/icons/calendar-days';
import Clock from 'lucide-react/icons/clock';
import ImageOff from 'lucide-react/icons/image-off';
import MapPin from 'lucide-react/icons/map-pin';
import Users from 'lucide-react/icons/users';
import { Link } from 'react-router-dom';
import { buttonPrimary } from '../../shared/ui/classes.ts';
import { OwnerActions } from '../../shared/ui/OwnerActions.tsx';
import { TagList } from '../../shared/ui/TagList.tsx';
import { eventDate } from './eventDate.ts';
import { categoryLabel, EVENT_PICTURE_BOX, priceText, seatsText, whereText } from './eventDisplay.ts';
import { useT } from './locales/index.ts';

interface EventCardProps {
  event: TechEvent;
  owned: boolean;
  onDelete: (event: TechEvent) => void;
}

/** One event in the listing (spec 001 §2): image or placeholder, 3 tags and '+N', owner's edit and delete. */
export function EventCard({ event, owned, onDelete }: EventCardProps) {
  const t = useT();
  const titleId = `event-card-${event.id}`;
  const image = event.images[0]?.url;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
    >
      {image ? (
        <img src={image} alt="" className={EVENT_PICTURE_BOX} />
      ) : (
        <div
          className="flex aspect-[40/21] items-center justify-center bg-gradient-to-br from-green-100 to-emerald-200 dark:from-green-950 dark:to-emerald-900"
          aria-hidden="true"
        >
          <ImageOff className="h-10 w-10 text-green-700/50 dark:text-green-300/50" />
        </div>
      )}
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-center justify-between gap-2">
          <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-950 dark:text-green-300">
            {categoryLabel(event.category)}
          </span>
          <span className="text-sm font-bold text-slate-900 dark:text-white">{priceText(event)}</span>
        </div>
        <h3 id={titleId} className="mt-3 line-clamp-2 text-lg font-semibold text-slate-900 dark:text-white">
          {event.title}
        </h3>
        {event.status === 'draft' && (
          <span className="mt-1 w-fit rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
            {t('events.card.draft')}
          </span>
        )}
        <dl className="mt-3 space-y-1 text-sm text-slate-600 dark:text-slate-400">
          <div className="flex items-center gap-2">
            <dt className="sr-only">{t('events.card.date')}</dt>
            <CalendarDays className="h-4 w-4" aria-hidden="true" />
            <dd>{eventDate(event)}</dd>
            <dt className="sr-only">{t('events.card.time')}</dt>
            <Clock className="ml-2 h-4 w-4" aria-hidden="true" />
            <dd>{event.time}</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt className="sr-only">{t('events.listing.location')}</dt>
            <MapPin className="h-4 w-4" aria-hidden="true" />
            <dd>{whereText(event)}</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt className="sr-only">{t('events.card.attendees')}</dt>
            <Users className="h-4 w-4" aria-hidden="true" />
            <dd>{seatsText(event)}</dd>
          </div>
        </dl>
        <TagList tags={event.tags} shown={EVENT_CARD_TAGS} />
        <div className="mt-auto flex items-center gap-2 border-t border-slate-100 pt-4 dark:border-slate-800">
          <Link
            to={`/events/${event.id}`}
            className={`${buttonPrimary} flex-1`}
            aria-label={t('events.card.viewDetailsOf', { title: event.title })}
          >
            {t('events.card.viewDetails')}
          </Link>
          {owned && <OwnerActions title={event.title} noun="event" editTo={`/events/edit/${event.id}`} onDelete={() => onDelete(event)} />}
        </div>
      </div>
    </article>
  );
}
