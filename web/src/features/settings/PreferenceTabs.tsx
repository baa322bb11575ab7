import { PROFILE_VISIBILITY, type Preferences } from '@commonwork/contracts';
import type { FormEvent } from 'react';
import { inputClass } from '../../shared/ui/classes.ts';
import { FormField } from '../../shared/ui/FormField.tsx';
import { Switch } from '../../shared/ui/Switch.tsx';
import { SaveBar } from './SaveBar.tsx';

interface PreferenceTabProps {
  preferences: Preferences;
  onChange: (preferences: Preferences) => void;
  saving: boolean;
  onSave: () => Promise<void>;
}

type NotificationKey = keyof Preferences['notifications'];
const NOTIFICATION_TOGGLES: { key: NotificationKey; label: string; description: string }[] = [
  { key: 'email', label: 'Email notifications', description: 'Receive updates by email.' },
  { key: 'push', label: 'Push notifications', description: 'Browser alerts while Commonwork is open.' },
  { key: 'marketplaceAlerts', label: 'Marketplace alerts', description: 'Interest in your gigs and new matching gigs.' },
  { key: 'messageNotifications', label: 'Message notifications', description: 'New messages in your inbox and channels.' },
  { key: 'eventReminders', label: 'Event reminders', description: 'Reminders before events you attend.' },
];

const submit = (onSave: () => Promise<void>) => (event: FormEvent) => {
  event.preventDefault();
  void onSave();
};

export function NotificationsTab({ preferences, onChange, saving, onSave }: PreferenceTabProps) {
  return (
    <form onSubmit={submit(onSave)} className="space-y-4">
      <div className="divide-y divide-slate-200 dark:divide-slate-800">
        {NOTIFICATION_TOGGLES.map(({ key, label, description }) => (
          <Switch
            key={key}
            id={`notify-${key}`}
            label={label}
            description={description}
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
const PRIVACY_TOGGLES: { key: PrivacyToggle; label: string; description: string }[] = [
  { key: 'showEmail', label: 'Show email', description: 'Let other members see your email address.' },
  { key: 'showPhone', label: 'Show phone', description: 'Let other members see your phone number.' },
  { key: 'searchable', label: 'Searchable profile', description: 'Let your profile appear in search results.' },
];

export function PrivacyTab({ preferences, onChange, saving, onSave }: PreferenceTabProps) {
  const { privacy } = preferences;
  return (
    <form onSubmit={submit(onSave)} className="space-y-4">
      <FormField
        id="privacy-visibility"
        label="Profile visibility"
        hint="A private profile is visible only to members you are connected with."
      >
        <select
          id="privacy-visibility"
          className={inputClass}
          value={privacy.profileVisibility}
          onChange={(e) => {
            const profileVisibility = PROFILE_VISIBILITY.find((v) => v === e.target.value);
            if (profileVisibility) onChange({ ...preferences, privacy: { ...privacy, profileVisibility } });
          }}
        >
          <option value="public">Public</option>
          <option value="private">Private</option>
        </select>
      </FormField>
      <div className="divide-y divide-slate-200 dark:divide-slate-800">
        {PRIVACY_TOGGLES.map(({ key, label, description }) => (
          <Switch
            key={key}
            id={`privacy-${key}`}
            label={label}
            description={description}
            checked={privacy[key]}
            onChange={(checked) => onChange({ ...preferences, privacy: { ...privacy, [key]: checked } })}
          />
        ))}
      </div>
      <SaveBar saving={saving} />
    </form>
  );
}
