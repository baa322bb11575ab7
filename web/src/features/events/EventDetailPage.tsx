import { EVENT_AVATARS, type TechEvent } from '@commonwork/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import BadgeCheck from 'lucide-react/icons/badge-check';
import CalendarDays from 'lucide-react/icons/calendar-days';
import CalendarPlus from 'lucide-react/icons/calendar-plus';
import Clock from 'lucide-react/icons/clock';
import ExternalLink from 'lucide-react/icons/external-link';
import MapPin from 'lucide-react/icons/map-pin';
import MessagesSquare from 'lucide-react/icons/messages-square';
import Pencil from 'lucide-react/icons/pencil';
import SearchX from 'lucide-react/icons/search-x';
import Share2 from 'lucide-react/icons/share-2';
import Trash2 from 'lucide-react/icons/trash-2';
import Users from 'lucide-react/icons/users';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../shared/api/index.ts';
import { Avatar } from '../../shared/ui/Avatar.tsx';
import { buttonGhost, buttonPrimary, buttonSecondary, cardClass } from '../../shared/ui/classes.ts';
import { LoadingScreen } from '../../shared/ui/Spinner.tsx';
import { TagList } from '../../shared/ui/TagList.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { channelPath } from '../community/channels.ts';
import { calendarUrl, cancelRegistration, EVENTS_KEY, isEventNotFound, register, useEvent } from './api.ts';
import { eventDate } from './eventDate.ts';
import { categoryLabel, EVENT_PICTURE_BOX, isOrganizer, locationTypeLabel, priceText, seatsText } from './eventDisplay.ts';
import { useT } from './locales/index.ts';
import { registrationState } from './registration.ts';
import { useEventDeletion } from './useEventDeletion.tsx';

/** /events/:id (spec 001 §2, §4): the event, its organiser and attendees, the registration panel. */
export function EventDetailPage() {
  const t = useT();
  const { id } = useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const query = useEvent(id, user?.id ?? null);
  const notFound = query.isError && isEventNotFound(query.error);
  const { requestDelete, dialog } = useEventDeletion({ generic: true, onDeleted: () => navigate('/events') });

  useEffect(() => {
    if (query.isError && !notFound) toast.error(t('events.detail.loadFailed'));
  }, [query.isError, notFound, t]);

  if (query.isPending) return <LoadingScreen label={t('events.loading')} />;
  if (query.isError) {
    return (
      <div className={`${cardClass} mx-auto max-w-xl text-center`}>
        <SearchX className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
        <h1 className="mt-3 text-xl font-semibold">{notFound ? t('events.notFound') : t('events.detail.loadFailed')}</h1>
        <button type="button" className={`${buttonSecondary} mt-4`} onClick={() => navigate('/events')}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {t('events.detail.back')}
        </button>
      </div>
    );
  }
  const event = query.data;
  const owned = isOrganizer(event, user?.id);
  const image = event.images[0]?.url;
  const shownAttendees = event.attendees.slice(0, EVENT_AVATARS);
  const moreAttendees = event.attendeeCount - shownAttendees.length;
  const place = [event.location.venue, event.location.address, event.location.city, event.location.country].filter(Boolean);

  const share = async () => {
    const url = window.location.href;
    // Native sharing when the browser has it (a cancelled share is no error), else the link is copied.
    if (typeof navigator.share === 'function') {
      await navigator.share({ title: event.title, url }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('events.detail.linkCopied'));
    } catch {
      toast.error(t('events.detail.copyFailed', { url }));
    }
  };

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button type="button" className={buttonGhost} onClick={() => navigate('/events')}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {t('events.detail.back')}
        </button>
        <div className="flex gap-2">
          <button type="button" className={buttonSecondary} onClick={() => void share()}>
            <Share2 className="h-4 w-4" aria-hidden="true" />
            {t('events.detail.share')}
          </button>
          {owned && (
            <>
              <Link to={`/events/${event.id}/edit`} className={buttonSecondary}>
                <Pencil className="h-4 w-4" aria-hidden="true" />
                {t('events.detail.edit')}
              </Link>
              <button type="button" className={buttonSecondary} onClick={() => requestDelete(event)}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                {t('events.detail.delete')}
              </button>
            </>
          )}
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <article className="space-y-6">
          {image && <img src={image} alt="" className={`${EVENT_PICTURE_BOX} rounded-2xl`} />}
          <div className={cardClass}>
            <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-950 dark:text-green-300">
              {categoryLabel(event.category)}
            </span>
            <h1 className="mt-3 text-3xl font-bold text-slate-900 dark:text-white">{event.title}</h1>
            <dl className="mt-4 grid gap-2 text-sm text-slate-600 sm:grid-cols-2 dark:text-slate-400">
              <div className="flex items-center gap-2">
                <dt className="sr-only">{t('events.card.date')}</dt>
                <CalendarDays className="h-4 w-4" aria-hidden="true" />
                <dd>
                  {eventDate(event)}
                  {event.endDate && event.endDate !== event.date && ` – ${eventDate({ date: event.endDate })}`}
                </dd>
              </div>
              <div className="flex items-center gap-2">
                <dt className="sr-only">{t('events.card.time')}</dt>
                <Clock className="h-4 w-4" aria-hidden="true" />
                <dd>
                  {event.time}
                  {event.endTime && ` – ${event.endTime}`} ({event.timeZone})
                </dd>
              </div>
              <div className="flex items-center gap-2">
                <dt className="sr-only">{t('events.detail.locationType')}</dt>
                <MapPin className="h-4 w-4" aria-hidden="true" />
                <dd>{locationTypeLabel(event.location.type)}</dd>
              </div>
              <div className="flex items-center gap-2">
                <dt className="sr-only">{t('events.card.attendees')}</dt>
                <Users className="h-4 w-4" aria-hidden="true" />
                <dd>{seatsText(event)}</dd>
              </div>
            </dl>
            <p className="mt-6 whitespace-pre-line text-slate-700 dark:text-slate-300">{event.description}</p>
            <TagList tags={event.tags} className="mt-4" />
          </div>

          {event.agenda.length > 0 && (
            <section className={cardClass} aria-labelledby="agenda">
              <h2 id="agenda" className="text-lg font-semibold">
                {t('events.detail.agenda')}
              </h2>
              <ol className="mt-3 space-y-3">
                {event.agenda.map((item) => (
                  <li key={`${item.time}-${item.title}`} className="flex gap-4">
                    <span className="w-16 shrink-0 font-mono text-sm text-green-700 dark:text-green-400">{item.time}</span>
                    <div>
                      <p className="font-medium">{item.title}</p>
                      {item.speaker && <p className="text-sm text-slate-500 dark:text-slate-400">{item.speaker}</p>}
                      {item.description && <p className="text-sm text-slate-600 dark:text-slate-400">{item.description}</p>}
                    </div>
                  </li>
                ))}
              </ol>
            </section>
          )}

          {event.requirements.length > 0 && (
            <section className={cardClass} aria-labelledby="requirements">
              <h2 id="requirements" className="text-lg font-semibold">
                {t('events.detail.requirements')}
              </h2>
              <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
                {event.requirements.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            </section>
          )}
        </article>

        <aside className="space-y-6">
          <RegistrationPanel event={event} signedIn={Boolean(user)} owned={owned} />

          {(event.location.type === 'offline' || event.location.type === 'hybrid') && event.location.address && (
            <section className={cardClass} aria-labelledby="location">
              <h2 id="location" className="font-semibold">
                {t('events.listing.location')}
              </h2>
              <address className="mt-2 text-sm text-slate-600 not-italic dark:text-slate-400">
                {place.map((line) => (
                  <div key={line}>{line}</div>
                ))}
              </address>
            </section>
          )}

          <section className={cardClass} aria-labelledby="organizer">
            <h2 id="organizer" className="font-semibold">
              {t('events.detail.organizer')}
            </h2>
            <div className="mt-3 flex items-center gap-3">
              <Avatar name={event.organizer.name} picture={event.organizer.profilePicture} />
              <span className="font-medium">{event.organizer.name}</span>
              {event.organizer.verified && (
                <BadgeCheck className="h-5 w-5 text-green-600" role="img" aria-label={t('events.detail.verifiedOrganizer')} />
              )}
            </div>
          </section>

          <section className={cardClass} aria-labelledby="attendees">
            <h2 id="attendees" className="font-semibold">
              {t('events.detail.attendeesCount', { count: event.attendeeCount })}
            </h2>
            {event.attendeeCount === 0 ? (
              <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{t('events.detail.beFirst')}</p>
            ) : (
              <ul className="mt-3 flex flex-wrap items-center gap-1" aria-label={t('events.card.attendees')}>
                {shownAttendees.map((a) => (
                  <li key={a._id} title={a.name}>
                    <Avatar name={a.name} picture={a.profilePicture} className="h-9 w-9 text-xs" />
                  </li>
                ))}
                {moreAttendees > 0 && <li className="px-2 text-sm font-medium text-slate-600">+{moreAttendees}</li>}
              </ul>
            )}
          </section>

          <section className={`${cardClass} space-y-2`} aria-label={t('events.detail.more')}>
            <a href={calendarUrl(event.id)} download className={`${buttonSecondary} w-full`}>
              <CalendarPlus className="h-4 w-4" aria-hidden="true" />
              {t('events.detail.addToCalendar')}
            </a>
            {event.channelId && (event.isRegistered || owned) && (
              <Link to={channelPath(event.channelId)} className={`${buttonSecondary} w-full`}>
                <MessagesSquare className="h-4 w-4" aria-hidden="true" />
                {t('events.detail.openChannel')}
              </Link>
            )}
          </section>
        </aside>
      </div>
      {dialog}
    </div>
  );
}

function RegistrationPanel({ event, signedIn, owned }: { event: TechEvent; signedIn: boolean; owned: boolean }) {
  const t = useT();
  const queryClient = useQueryClient();
  const state = registrationState(event, { signedIn, owned });
  const change = useMutation({
    // The variable is whether the viewer held a seat when they clicked: it picks the call and the toast.
    mutationFn: (wasRegistered: boolean) => (wasRegistered ? cancelRegistration(event.id) : register(event.id)),
    onSuccess: (body, wasRegistered) => {
      toast.success(wasRegistered ? t('events.cancelled') : t('events.registered'));
      queryClient.setQueryData([...EVENTS_KEY, 'detail', event.id], body.data);
    },
    onError: (error) => toast.error(errorMessage(error, t('events.detail.registrationFailed'))),
    // The detail is reloaded after every change (spec 001 §4).
    onSettled: () => queryClient.invalidateQueries({ queryKey: EVENTS_KEY }),
  });

  return (
    <section className={cardClass} aria-labelledby="registration">
      <h2 id="registration" className="sr-only">
        {t('events.detail.registration')}
      </h2>
      <p className="text-2xl font-bold text-slate-900 dark:text-white">{priceText(event)}</p>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{seatsText(event)}</p>
      {/* The server sends the link to attendees and the organiser only; empty for everyone else. */}
      {event.location.meetingLink && (
        <div className="mt-3 text-sm">
          <p className="font-medium text-slate-700 dark:text-slate-300">{t('events.detail.meetingLink')}</p>
          <a
            href={event.location.meetingLink}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 break-all font-medium text-green-700 hover:underline dark:text-green-400"
          >
            <ExternalLink className="h-4 w-4 shrink-0" aria-hidden="true" />
            {event.location.meetingLink}
          </a>
        </div>
      )}
      <div className="mt-4">
        {state.kind === 'action' ? (
          <button
            type="button"
            className={`${event.isRegistered ? buttonSecondary : buttonPrimary} w-full`}
            onClick={() => change.mutate(event.isRegistered)}
            disabled={change.isPending}
          >
            {event.isRegistered ? t('events.detail.cancelRegistration') : t('events.detail.register')}
          </button>
        ) : state.kind === 'login' ? (
          <button type="button" className={`${buttonPrimary} w-full`} onClick={() => toast.error(t('events.loginToRegister'))}>
            {t('events.detail.loginToRegister')}
          </button>
        ) : (
          <p
            role="status"
            className="rounded-lg bg-slate-100 px-4 py-3 text-center font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200"
          >
            {state.text}
          </p>
        )}
      </div>
    </section>
  );
}
