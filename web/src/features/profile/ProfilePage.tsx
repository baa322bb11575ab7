import { changedFields, TIMINGS, UpdateUserRequest } from '@commonwork/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Mail from 'lucide-react/icons/mail';
import Pencil from 'lucide-react/icons/pencil';
import Save from 'lucide-react/icons/save';
import X from 'lucide-react/icons/x';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage, isApiError, type SessionUser } from '../../shared/api/index.ts';
import { useTransientFlag } from '../../shared/hooks/useTransientFlag.ts';
import { Banner } from '../../shared/ui/Banner.tsx';
import { buttonPrimary, buttonSecondary, cardClass } from '../../shared/ui/classes.ts';
import { MembershipBadge } from '../../shared/ui/MembershipBadge.tsx';
import { LoadingScreen } from '../../shared/ui/Spinner.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { LazyReviewList } from '../reviews/lazy.tsx';
import { mergeUser, newerProfileOf, updateUser, useFreshUser } from './api.ts';
import { t, useT } from './locales/index.ts';
import { AboutSection, ContactSection, type ProfileFormValues, Section, SocialSection } from './ProfileDetails.tsx';
import { ProfilePicture } from './ProfilePicture.tsx';
import { ProfileSidebar } from './ProfileSidebar.tsx';
import { SkillsEditor } from './SkillsEditor.tsx';

const ProfileFormSchema = UpdateUserRequest.pick({
  bio: true,
  location: true,
  website: true,
  github: true,
  twitter: true,
  linkedin: true,
}).required();

const FORM_FIELDS: readonly string[] = ['bio', 'location', 'website', 'github', 'twitter', 'linkedin'];
const isFormField = (field: string): field is keyof ProfileFormValues => FORM_FIELDS.includes(field);

function formValuesOf(user: SessionUser): ProfileFormValues {
  const p = user.profile;
  return {
    bio: p?.bio || user.bio || '',
    location: p?.location ?? '',
    website: p?.website ?? '',
    github: p?.github ?? '',
    twitter: p?.twitter ?? '',
    linkedin: p?.linkedin ?? '',
  };
}

const skillsOf = (user: SessionUser) => user.profile?.skills ?? user.skills ?? [];

/** The signed-in user's own profile (spec 000 §2): view, edit, save, cancel, sign out. */
export function ProfilePage() {
  const { user } = useAuth();
  if (!user) return <LoadingScreen label={t('profile.loading')} />;
  return <ProfileView user={user} />;
}

function ProfileView({ user }: { user: SessionUser }) {
  const { updateUser: storeUser, logout } = useAuth();
  const [editing, setEditing] = useState(false);
  useFreshUser(user.id, editing);
  // The skills as read (`read`) and as the person has them (`mine`): what was not edited follows the stored user.
  const [skillEdit, setSkillEdit] = useState(() => ({ read: skillsOf(user), mine: skillsOf(user) }));
  const skills = skillEdit.mine;
  const setSkills = (mine: string[]) => setSkillEdit((edit) => ({ ...edit, mine }));
  const [saveError, setSaveError] = useState<string | null>(null);
  const [showSaved, flashSaved] = useTransientFlag(TIMINGS.successBannerMs);
  const text = useT();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues>({ resolver: zodResolver(ProfileFormSchema), defaultValues: formValuesOf(user) });

  // The form follows the stored user whenever it changes (the server's fresh copy, a save, the newer
  // profile a refused save answered with), keeping what the person typed: the rest shows the newer values.
  useEffect(() => {
    reset(formValuesOf(user), { keepDirtyValues: true });
    setSkillEdit(({ read, mine }) => ({ read: skillsOf(user), mine: changedFields({ read }, { read: mine }) ? mine : skillsOf(user) }));
  }, [reset, user]);

  const cancel = () => {
    reset(formValuesOf(user));
    setSkillEdit({ read: skillsOf(user), mine: skillsOf(user) });
    setSaveError(null);
    setEditing(false);
  };

  const save = handleSubmit(async (values) => {
    setSaveError(null);
    // Only what the person changed, and the version it was read at: a save never writes back what it did not change.
    const changes = { ...changedFields(formValuesOf(user), values), ...changedFields({ skills: skillEdit.read }, { skills }) };
    try {
      const { user: updated } = await updateUser(user.id, { ...changes, version: user.version });
      storeUser(mergeUser(user, updated));
      setEditing(false);
      flashSaved();
      toast.success(t('profile.saved'));
    } catch (err) {
      const newer = newerProfileOf(err);
      if (newer) {
        storeUser(mergeUser(user, newer));
        setSaveError(t('profile.changed.elsewhere'));
        toast.error(t('profile.failed'));
        return;
      }
      if (isApiError(err)) {
        for (const d of err.details) if (isFormField(d.field)) setError(d.field, { message: d.message });
      }
      const detail = errorMessage(err, '');
      setSaveError(detail && detail !== t('profile.failed') ? t('profile.failedWith', { detail }) : t('profile.failed'));
      toast.error(t('profile.failed'));
    }
  });

  const sectionProps = { user, editing, register, errors };
  return (
    <div className="mx-auto max-w-6xl">
      <form onSubmit={save} noValidate className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <header className={`${cardClass} flex flex-col gap-6 sm:flex-row sm:flex-wrap sm:items-center`}>
            <ProfilePicture user={user} />
            <div className="min-w-0 flex-1">
              <h1 className="wrap-break-word text-2xl font-bold text-slate-900 dark:text-white">{user.name}</h1>
              {user.username && <p className="text-sm text-slate-500 dark:text-slate-400">@{user.username}</p>}
              <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-300">
                <Mail className="h-4 w-4 shrink-0" aria-hidden="true" />
                <span className="min-w-0 wrap-anywhere">{user.email}</span>
              </p>
              <MembershipBadge plan={user.plan} className="mt-2" />
            </div>
            <div className="flex flex-wrap gap-2 sm:flex-col">
              {editing ? (
                <>
                  <button type="submit" className={buttonPrimary} disabled={isSubmitting}>
                    <Save className="h-4 w-4" aria-hidden="true" />
                    {text(isSubmitting ? 'profile.saving' : 'profile.save')}
                  </button>
                  <button type="button" className={buttonSecondary} onClick={cancel} disabled={isSubmitting}>
                    <X className="h-4 w-4" aria-hidden="true" />
                    {text('profile.cancel')}
                  </button>
                </>
              ) : (
                <button type="button" className={buttonPrimary} onClick={() => setEditing(true)}>
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                  {text('profile.edit')}
                </button>
              )}
              <button type="button" className={buttonSecondary} onClick={() => void logout()}>
                {text('profile.signOut')}
              </button>
            </div>
          </header>

          {showSaved && <Banner tone="success">{text('profile.saved')}</Banner>}
          {saveError && editing && <Banner tone="error">{saveError}</Banner>}

          <AboutSection {...sectionProps} />
          <Section title={text('profile.section.skills')}>
            <SkillsEditor skills={skills} editing={editing} onChange={setSkills} />
          </Section>
          <ContactSection {...sectionProps} />
          <SocialSection {...sectionProps} />
          <LazyReviewList source={{ kind: 'person', id: user.id }} />
        </div>
        <ProfileSidebar userId={user.id} />
      </form>
    </div>
  );
}
