import { LANGUAGES, type Preferences, timeZoneOptions, UpdateUserRequest } from '@commonwork/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { SessionUser } from '../../shared/api/index.ts';
import { inputClass } from '../../shared/ui/classes.ts';
import { FormField } from '../../shared/ui/FormField.tsx';
import { useT } from './locales/index.ts';
import { SaveBar } from './SaveBar.tsx';

const ProfileSettingsSchema = UpdateUserRequest.pick({ name: true, phone: true, bio: true }).required();
export interface ProfileSettingsValues {
  name: string;
  phone: string;
  bio: string;
}

/** The tab's fields as the stored user has them. */
export const profileSettingsOf = (user: SessionUser): ProfileSettingsValues => ({
  name: user.name,
  phone: user.phone ?? '',
  bio: user.bio ?? '',
});

const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
};

interface ProfileTabProps {
  user: SessionUser;
  preferences: Preferences;
  onPreferencesChange: (preferences: Preferences) => void;
  saving: boolean;
  onSave: (profile: ProfileSettingsValues) => Promise<void>;
}

/** Name, phone and bio (email is read-only), plus language and time zone. */
export function ProfileTab({ user, preferences, onPreferencesChange, saving, onSave }: ProfileTabProps) {
  const t = useT();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ProfileSettingsValues>({
    resolver: zodResolver(ProfileSettingsSchema),
    defaultValues: profileSettingsOf(user),
  });

  // Newer stored values show in the fields the person has not touched.
  useEffect(() => reset(profileSettingsOf(user), { keepDirtyValues: true }), [reset, user]);

  return (
    <form onSubmit={handleSubmit(onSave)} noValidate className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="settings-name" label={t('settings.profile.name')} error={errors.name?.message}>
          <input id="settings-name" type="text" autoComplete="name" className={inputClass} {...register('name')} />
        </FormField>
        <FormField id="settings-email" label={t('settings.profile.email')} hint={t('settings.profile.emailHint')}>
          <input id="settings-email" type="email" value={user.email} readOnly className={inputClass} />
        </FormField>
        <FormField id="settings-phone" label={t('settings.profile.phone')} error={errors.phone?.message}>
          <input id="settings-phone" type="tel" autoComplete="tel" className={inputClass} {...register('phone')} />
        </FormField>
      </div>
      <FormField id="settings-bio" label={t('settings.profile.bio')} error={errors.bio?.message}>
        <textarea id="settings-bio" rows={4} className={inputClass} {...register('bio')} />
      </FormField>

      <section aria-labelledby="settings-region-title" className="border-t border-slate-200 pt-6 dark:border-slate-800">
        <h2 id="settings-region-title" className="text-base font-semibold text-slate-900 dark:text-white">
          {t('settings.region.title')}
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <FormField id="settings-language" label={t('settings.region.language')}>
            <select
              id="settings-language"
              className={inputClass}
              value={preferences.language}
              onChange={(e) => {
                const language = LANGUAGES.find((l) => l === e.target.value);
                if (language) onPreferencesChange({ ...preferences, language });
              }}
            >
              {LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {LANGUAGE_NAMES[l]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="settings-timezone" label={t('settings.region.timezone')}>
            <select
              id="settings-timezone"
              className={inputClass}
              value={preferences.timezone}
              onChange={(e) => onPreferencesChange({ ...preferences, timezone: e.target.value })}
            >
              {timeZoneOptions(preferences.timezone).map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          </FormField>
        </div>
      </section>
      <SaveBar saving={saving} />
    </form>
  );
}
