import { PROFILE_VISIBILITY, type Preferences } from '@commonwork/contracts';
import type { FormEvent } from 'react';
import { inputClass } from '../../shared/ui/classes.ts';
import { FormField } from '../../shared/ui/FormField.tsx';
import { Switch } from '../../shared/ui/Switch.tsx';
import { type t, useT } from './locales/index.ts';
import { SaveBar } from './SaveBar.tsx';

/** A settings message's id. */
type SettingsMessage = Parameters<typeof t>[0];

interface PreferenceTabProps {
  preferences: Preferences;
  onChange: (preferences: Preferences) => void;
  saving: boolean;
  onSave: () => Promise<void>;
}

type NotificationKey = keyof Preferences['notifications'];
const NOTIFICATION_TOGGLES: { key: NotificationKey; label: SettingsMessage; description: SettingsMessage }[] = [
  { key: 'email', label: 'settings.notify.email', description: 'settings.notify.emailHint' },
  { key: 'push', label: 'settings.notify.push', description: 'settings.notify.pushHint' },
  { key: 'marketplaceAlerts', label: 'settings.notify.marketplace', description: 'settings.notify.marketplaceHint' },
  { key: 'messageNotifications', label: 'settings.notify.messages', description: 'settings.notify.messagesHint' },
  { key: 'eventReminders', label: 'settings.notify.events', description: 'settings.notify.eventsHint' },
];

const submit = (onSave: () => Promise<void>) => (event: FormEvent) => {
  event.preventDefault();
  void onSave();
};

export function NotificationsTab({ preferences, onChange, saving, onSave }: PreferenceTabProps) {
  const t = useT();
  return (
    <form onSubmit={submit(onSave)} className="space-y-4">
      <div className="divide-y divide-slate-200 dark:divide-slate-800">
        {NOTIFICATION_TOGGLES.map(({ key, label, description }) => (
          <Switch
            key={key}
            id={`notify-${key}`}
            label={t(label)}
            description={t(description)}
            checked={preferences.notifications[key]}
            onChange={(checked) => onChange({ ...preferences, notifications: { ...preferences.notifications, [key]: checked } })}
          />
        ))}
      </div>
      <SaveBar saving={saving} />
    </form>
  );
}

type PrivacyToggle = 'showEmail' | 'showPhone' | 'searchable';
const PRIVACY_TOGGLES: { key: PrivacyToggle; label: SettingsMessage; description: SettingsMessage }[] = [
  { key: 'showEmail', label: 'settings.privacy.showEmail', description: 'settings.privacy.showEmailHint' },
  { key: 'showPhone', label: 'settings.privacy.showPhone', description: 'settings.privacy.showPhoneHint' },
  { key: 'searchable', label: 'settings.privacy.searchable', description: 'settings.privacy.searchableHint' },
];

export function PrivacyTab({ preferences, onChange, saving, onSave }: PreferenceTabProps) {
  const { privacy } = preferences;
  const t = useT();
  return (
    <form onSubmit={submit(onSave)} className="space-y-4">
      <FormField id="privacy-visibility" label={t('settings.privacy.visibility')} hint={t('settings.privacy.visibilityHint')}>
        <select
          id="privacy-visibility"
          className={inputClass}
          value={privacy.profileVisibility}
          onChange={(e) => {
            const profileVisibility = PROFILE_VISIBILITY.find((v) => v === e.target.value);
            if (profileVisibility) onChange({ ...preferences, privacy: { ...privacy, profileVisibility } });
          }}
        >
          <option value="public">{t('settings.privacy.public')}</option>
          <option value="private">{t('settings.privacy.private')}</option>
        </select>
      </FormField>
      <div className="divide-y divide-slate-200 dark:divide-slate-800">
        {PRIVACY_TOGGLES.map(({ key, label, description }) => (
          <Switch
            key={key}
            id={`privacy-${key}`}
            label={t(label)}
            description={t(description)}
            checked={privacy[key]}
            onChange={(checked) => onChange({ ...preferences, privacy: { ...privacy, [key]: checked } })}
          />
        ))}
      </div>
      <SaveBar saving={saving} />
    </form>
  );
}
