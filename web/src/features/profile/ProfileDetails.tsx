import AtSign from 'lucide-react/icons/at-sign';
import BriefcaseBusiness from 'lucide-react/icons/briefcase-business';
import Code2 from 'lucide-react/icons/code-2';
import Globe from 'lucide-react/icons/globe';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { SessionUser } from '../../shared/api/index.ts';
import { cardClass, inputClass } from '../../shared/ui/classes.ts';
import { FormField } from '../../shared/ui/FormField.tsx';
import { useT } from './locales/index.ts';
import { SOCIAL_URLS, websiteHref } from './skills.ts';

export interface ProfileFormValues {
  bio: string;
  location: string;
  website: string;
  github: string;
  twitter: string;
  linkedin: string;
}

interface SectionProps {
  user: SessionUser;
  editing: boolean;
  register: UseFormRegister<ProfileFormValues>;
  errors: FieldErrors<ProfileFormValues>;
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={cardClass} aria-label={title}>
      <h2 className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
      {children}
    </section>
  );
}

const Empty = ({ children }: { children: string }) => <p className="text-sm text-slate-500 dark:text-slate-400">{children}</p>;

export function AboutSection({ user, editing, register, errors }: SectionProps) {
  const bio = user.profile?.bio || user.bio;
  const t = useT();
  return (
    <Section title={t('profile.section.about')}>
      {editing ? (
        <FormField id="profile-bio" label={t('profile.bio')} error={errors.bio?.message}>
          <textarea id="profile-bio" rows={4} className={inputClass} {...register('bio')} />
        </FormField>
      ) : bio ? (
        <p className="whitespace-pre-line text-slate-700 dark:text-slate-300">{bio}</p>
      ) : (
        <Empty>{t('profile.bioEmpty')}</Empty>
      )}
    </Section>
  );
}

export function ContactSection({ user, editing, register, errors }: SectionProps) {
  const { location, website } = user.profile ?? { location: '', website: '' };
  const t = useT();
  if (editing) {
    return (
      <Section title={t('profile.section.contact')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="profile-location" label={t('profile.location')} error={errors.location?.message}>
            <input id="profile-location" type="text" className={inputClass} {...register('location')} />
          </FormField>
          <FormField id="profile-website" label={t('profile.website')} error={errors.website?.message}>
            <input id="profile-website" type="url" placeholder="https://" className={inputClass} {...register('website')} />
          </FormField>
        </div>
      </Section>
    );
  }
  return (
    <Section title={t('profile.section.contact')}>
      <ContactList location={location} website={website} />
    </Section>
  );
}

/** Location and website, and email and phone where the person shows them, as links where they lead somewhere. */
export function ContactList({ location, website, email, phone }: { location: string; website: string; email?: string; phone?: string }) {
  const t = useT();
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <div className="flex items-center gap-2 text-sm">
        <MapPin className="h-4 w-4 text-slate-400" aria-hidden="true" />
        <dt className="sr-only">{t('profile.location')}</dt>
        <dd className="text-slate-700 dark:text-slate-300">{location || t('profile.noLocation')}</dd>
      </div>
      <div className="flex items-center gap-2 text-sm">
        <Globe className="h-4 w-4 text-slate-400" aria-hidden="true" />
        <dt className="sr-only">{t('profile.website')}</dt>
        <dd className="min-w-0 truncate">
          {website ? (
            <a href={websiteHref(website)} target="_blank" rel="noreferrer" className="text-green-700 hover:underline dark:text-green-400">
              {website}
            </a>
          ) : (
            <span className="text-slate-700 dark:text-slate-300">{t('profile.noWebsite')}</span>
          )}
        </dd>
      </div>
      {email && (
        <div className="flex items-center gap-2 text-sm">
          <Mail className="h-4 w-4 text-slate-400" aria-hidden="true" />
          <dt className="sr-only">{t('profile.email')}</dt>
          <dd className="min-w-0 truncate">
            <a href={`mailto:${email}`} className="text-green-700 hover:underline dark:text-green-400">
              {email}
            </a>
          </dd>
        </div>
      )}
      {phone && (
        <div className="flex items-center gap-2 text-sm">
          <Phone className="h-4 w-4 text-slate-400" aria-hidden="true" />
          <dt className="sr-only">{t('profile.phone')}</dt>
          <dd className="text-slate-700 dark:text-slate-300">{phone}</dd>
        </div>
      )}
    </dl>
  );
}

const NETWORKS = [
  { key: 'github', label: 'GitHub', icon: Code2 },
  { key: 'twitter', label: 'Twitter', icon: AtSign },
  { key: 'linkedin', label: 'LinkedIn', icon: BriefcaseBusiness },
] as const;

export function SocialSection({ user, editing, register, errors }: SectionProps) {
  const t = useT();
  if (editing) {
    return (
      <Section title={t('profile.section.social')}>
        <div className="grid gap-4 sm:grid-cols-3">
          {NETWORKS.map(({ key, label }) => (
            <FormField
              key={key}
              id={`profile-${key}`}
              label={t('profile.networkUsername', { network: label })}
              error={errors[key]?.message}
            >
              <input id={`profile-${key}`} type="text" className={inputClass} {...register(key)} />
            </FormField>
          ))}
        </div>
      </Section>
    );
  }
  return (
    <Section title={t('profile.section.social')}>
      <SocialLinks profile={user.profile} />
    </Section>
  );
}

/** Links to the person's GitHub, Twitter and LinkedIn profiles, built from their usernames. */
export function SocialLinks({ profile }: { profile: Partial<Record<(typeof NETWORKS)[number]['key'], string>> | undefined }) {
  const t = useT();
  const linked = NETWORKS.filter(({ key }) => profile?.[key]);
  if (linked.length === 0) return <Empty>{t('profile.noSocial')}</Empty>;
  return (
    <ul className="flex flex-wrap gap-3">
      {linked.map(({ key, label, icon: Icon }) => {
        const username = profile?.[key] ?? '';
        return (
          <li key={key}>
            <a
              href={SOCIAL_URLS[key](username)}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm font-medium text-slate-700 hover:border-green-300 hover:text-green-700 dark:border-slate-700 dark:text-slate-300"
            >
              <Icon className="h-4 w-4" aria-hidden="true" />
              {label}: {username}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
