import type { Gig, User } from '@commonwork/contracts';
import Lock from 'lucide-react/icons/lock';
import MessageSquare from 'lucide-react/icons/message-square';
import SearchX from 'lucide-react/icons/search-x';
import { Link, Navigate, useParams } from 'react-router-dom';
import { isApiError } from '../../shared/api/index.ts';
import { formatCurrency } from '../../shared/format/index.ts';
import { Avatar } from '../../shared/ui/Avatar.tsx';
import { buttonPrimary, cardClass } from '../../shared/ui/classes.ts';
import { LoadingScreen } from '../../shared/ui/Spinner.tsx';
import { TagList } from '../../shared/ui/TagList.tsx';
import { useAuth } from '../auth/AuthProvider.tsx';
import { RatingLine } from '../marketplace/RatingLine.tsx';
import { useContactFreelancer } from '../marketplace/useContactFreelancer.ts';
import { LazyReviewList } from '../reviews/lazy.tsx';
import { usePerson, usePersonGigs } from './api.ts';
import { useT } from './locales/index.ts';
import { ContactList, Section, SocialLinks } from './ProfileDetails.tsx';

/**
 * /profile/{username} (or an id, from the dashboard): someone else's profile as they let others see
 * it (a private profile is a card only; email and phone only when shown), their active gigs, and
 * Contact, which opens a chat about one of them. Your own opens /profile.
 */
export function PublicProfilePage() {
  const { username = '' } = useParams();
  const { user } = useAuth();
  const person = usePerson(username);
  const t = useT();

  if (user && (username === user.id || username.toLowerCase() === user.username?.toLowerCase())) return <Navigate to="/profile" replace />;
  if (person.isPending) return <LoadingScreen label={t('profile.public.loading')} />;
  if (person.isError) {
    const missing = isApiError(person.error) && (person.error.status === 404 || person.error.status === 400);
    return (
      <div className={`${cardClass} mx-auto max-w-xl text-center`}>
        <SearchX className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
        <h1 className="mt-3 text-xl font-semibold text-slate-900 dark:text-white">
          {t(missing ? 'profile.public.notFound' : 'profile.public.fetchFailed')}
        </h1>
        <Link to="/dashboard" className="mt-4 inline-block text-sm font-medium text-green-700 hover:underline dark:text-green-400">
          {t('profile.public.backToDashboard')}
        </Link>
      </div>
    );
  }
  return <PersonProfile person={person.data} />;
}

function PersonProfile({ person }: { person: User }) {
  const gigs = usePersonGigs(person.isPrivate ? undefined : person.id);
  const about = gigs.data?.[0] ?? null;
  const contact = useContactFreelancer({ _id: person.id, name: person.name }, about?.id ?? null);
  const t = useT();

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <section
        className={`${cardClass} flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left`}
        aria-label={t('profile.public.label')}
      >
        <Avatar name={person.name} picture={person.picture} className="h-24 w-24 text-2xl" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{person.name}</h1>
          {person.username && <p className="text-sm text-slate-500 dark:text-slate-400">@{person.username}</p>}
          {person.title && <p className="mt-1 text-slate-700 dark:text-slate-300">{person.title}</p>}
          {!person.isPrivate && (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              <RatingLine rating={person.rating} reviews={person.reviewCount} />
            </p>
          )}
        </div>
        {!person.isPrivate && (
          <div className="text-center">
            <button type="button" className={buttonPrimary} onClick={contact.start} disabled={!about || contact.pending}>
              <MessageSquare className="h-4 w-4" aria-hidden="true" />
              {t('profile.public.contact')}
            </button>
            {!about && !gigs.isPending && (
              <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t('profile.public.noGigsToTalk')}</p>
            )}
          </div>
        )}
      </section>

      {person.isPrivate ? (
        <section className={`${cardClass} flex items-center gap-3 text-slate-600 dark:text-slate-300`}>
          <Lock className="h-5 w-5" aria-hidden="true" />
          <p>{t('profile.public.private')}</p>
        </section>
      ) : (
        <>
          <Section title={t('profile.section.about')}>
            {person.bio ? (
              <p className="whitespace-pre-line text-slate-700 dark:text-slate-300">{person.bio}</p>
            ) : (
              <p className="text-sm text-slate-500 dark:text-slate-400">{t('profile.public.noBio')}</p>
            )}
          </Section>
          {person.profile.skills.length > 0 && (
            <Section title={t('profile.section.skills')}>
              <TagList tags={person.profile.skills} />
            </Section>
          )}
          <Section title={t('profile.section.contact')}>
            <ContactList location={person.profile.location} website={person.profile.website} email={person.email} phone={person.phone} />
          </Section>
          <Section title={t('profile.section.social')}>
            <SocialLinks profile={person.profile} />
          </Section>
          <Section title={t('profile.section.activeGigs')}>
            {gigs.data?.length ? (
              <PersonGigs gigs={gigs.data} />
            ) : (
              <p className="text-sm text-slate-500 dark:text-slate-400">{t('profile.public.noGigs')}</p>
            )}
          </Section>
          <LazyReviewList source={{ kind: 'person', id: person.id }} />
        </>
      )}
    </div>
  );
}

function PersonGigs({ gigs }: { gigs: Gig[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {gigs.map((gig) => (
        <li key={gig.id}>
          <Link
            to={`/marketplace/${gig.id}`}
            className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 p-3 hover:border-green-300 dark:border-slate-700"
          >
            <span className="min-w-0 truncate font-medium text-slate-900 dark:text-white" title={gig.title}>
              {gig.title}
            </span>
            <span className="font-semibold text-green-700 dark:text-green-400">{formatCurrency(gig.price)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
