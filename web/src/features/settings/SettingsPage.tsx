import {
  changedFields,
  DEFAULT_PREFERENCES,
  mergePreferences,
  type Preferences,
  type PreferencesPatch,
  preferencesPatch,
  TIMINGS,
} from '@commonwork/contracts';
import type { LucideIcon } from 'lucide-react';
import Bell from 'lucide-react/icons/bell';
import CodeXml from 'lucide-react/icons/code-xml';
import HelpCircle from 'lucide-react/icons/help-circle';
import Lock from 'lucide-react/icons/lock';
import UserRound from 'lucide-react/icons/user-round';
import { lazy, Suspense, useState } from 'react';
import type { SessionUser } from '../../shared/api/index.ts';
import { useTransientFlag } from '../../shared/hooks/useTransientFlag.ts';
import { showLocale } from '../../shared/i18n/index.ts';
import { Banner } from '../../shared/ui/Banner.tsx';
import { cardClass } from '../../shared/ui/classes.ts';
import { LoadingScreen, Spinner } from '../../shared/ui/Spinner.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { mergeUser, newerProfileOf, updateUser, useFreshUser } from '../profile/api.ts';
import { t as profileText } from '../profile/locales/index.ts';
import { HelpTab } from './HelpTab.tsx';
import { type t, useT } from './locales/index.ts';
import { NotificationsTab, PrivacyTab } from './PreferenceTabs.tsx';
import { type ProfileSettingsValues, ProfileTab, profileSettingsOf } from './ProfileTab.tsx';

// Fetched when the tab is opened: few people use it, and its forms are most of its weight.
const DeveloperTab = lazy(() => import('./developer/DeveloperTab.tsx').then((module) => ({ default: module.DeveloperTab })));
// Fetched with the Privacy tab: few people export their data, and never on a first visit.
const ExportSection = lazy(() => import('./yourData/ExportSection.tsx').then((module) => ({ default: module.ExportSection })));
// Fetched with the Privacy tab, for the same reason.
const SignOutEverywhereSection = lazy(() =>
  import('./sessions/SignOutEverywhereSection.tsx').then((module) => ({ default: module.SignOutEverywhereSection })),
);
// Fetched with the Privacy tab, for the same reason.
const DeleteAccountSection = lazy(() =>
  import('./deleteAccount/DeleteAccountSection.tsx').then((module) => ({ default: module.DeleteAccountSection })),
);

type SettingsMessage = Parameters<typeof t>[0];
type TabName = 'Profile' | 'Notifications' | 'Privacy' | 'Developer' | 'Help & Support';
// A tab's name (its element id, in English), its label and its save's message (none: it saves nothing), by id.
const TABS: { name: TabName; icon: LucideIcon; label: SettingsMessage; saved?: SettingsMessage }[] = [
  { name: 'Profile', icon: UserRound, label: 'settings.tab.profile', saved: 'settings.saved.profile' },
  { name: 'Notifications', icon: Bell, label: 'settings.tab.notifications', saved: 'settings.saved.notifications' },
  { name: 'Privacy', icon: Lock, label: 'settings.tab.privacy', saved: 'settings.saved.privacy' },
  { name: 'Developer', icon: CodeXml, label: 'settings.tab.developer' },
  { name: 'Help & Support', icon: HelpCircle, label: 'settings.tab.help', saved: 'settings.saved.help' },
];

const tabId = (tab: TabName) => `settings-tab-${tab.toLowerCase().replace(/[^a-z]+/g, '-')}`;
const savedMessage = (tab: TabName) => TABS.find(({ name }) => name === tab)?.saved ?? 'settings.saved.profile';

/** Stored preferences over the defaults, so a user saved before a field existed still has every field. */
function preferencesOf(user: SessionUser): Preferences {
  const p = user.preferences;
  return {
    notifications: { ...DEFAULT_PREFERENCES.notifications, ...p?.notifications },
    privacy: { ...DEFAULT_PREFERENCES.privacy, ...p?.privacy },
    language: p?.language ?? DEFAULT_PREFERENCES.language,
    timezone: p?.timezone ?? DEFAULT_PREFERENCES.timezone,
  };
}

/** /settings (spec 002 §2): four tabs; each save sends the preferences, the Profile tab also name, phone, bio. */
export function SettingsPage() {
  const { user } = useAuth();
  if (!user) return <LoadingScreen />;
  return <Settings user={user} />;
}

function Settings({ user }: { user: SessionUser }) {
  const { updateUser: storeUser } = useAuth();
  const t = useT();
  const [tab, setTab] = useState<TabName>('Profile');
  useFreshUser(user.id);
  // The person's changes over the preferences as read, so newer stored values show through the rest.
  const read = preferencesOf(user);
  const [edits, setEdits] = useState<PreferencesPatch>({});
  const preferences = mergePreferences(read, edits);
  const setPreferences = (next: Preferences) => setEdits(preferencesPatch(read, next) ?? {});
  const [saving, setSaving] = useState(false);
  const [savedTab, setSavedTab] = useState<TabName | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [showSaved, flashSaved, hideSaved] = useTransientFlag(TIMINGS.successBannerMs);

  const save = async (profile?: ProfileSettingsValues) => {
    setSaving(true);
    setSaveError(null);
    hideSaved();
    // Only what the person changed, and the version it was read at: a save never writes back what it did not change.
    const changedPreferences = preferencesPatch(read, preferences);
    const changes = {
      ...(changedPreferences && { preferences: changedPreferences }),
      ...(profile && changedFields(profileSettingsOf(user), profile)),
    };
    try {
      const { user: updated } = await updateUser(user.id, { ...changes, version: user.version });
      storeUser(mergeUser(user, updated));
      // A new language shows at once (its catalogs fetched first), so the confirmation speaks it too.
      if (changedPreferences?.language) await showLocale(changedPreferences.language).catch(() => undefined);
      setEdits({});
      setSavedTab(tab);
      flashSaved();
      toast.success(t(savedMessage(tab)));
    } catch (error) {
      const newer = newerProfileOf(error);
      if (newer) storeUser(mergeUser(user, newer));
      setSaveError(newer ? profileText('profile.changed.elsewhere') : t('settings.failed'));
      toast.error(t('settings.failed'));
    } finally {
      setSaving(false);
    }
  };

  const selectTab = (name: TabName) => {
    setTab(name);
    setSaveError(null);
  };

  const prefProps = { preferences, onChange: setPreferences, saving, onSave: () => save() };
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('settings.title')}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t('settings.lead')}</p>
      </header>

      <div
        role="tablist"
        aria-label={t('settings.sections')}
        // Two by two on a phone, one row from 640 px: every tab is in sight, none hides past the edge.
        className="grid grid-cols-2 gap-1 border-b border-slate-200 sm:flex dark:border-slate-800"
      >
        {TABS.map(({ name, icon: Icon, label }) => (
          <button
            key={name}
            id={tabId(name)}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls="settings-panel"
            onClick={() => selectTab(name)}
            className={`flex items-center gap-2 border-b-2 px-4 py-2.5 text-sm font-medium transition ${
              tab === name
                ? 'border-green-600 text-green-700 dark:text-green-400'
                : 'border-transparent text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-200'
            }`}
          >
            <Icon className="h-4 w-4" aria-hidden="true" />
            {t(label)}
          </button>
        ))}
      </div>

      {showSaved && savedTab && <Banner tone="success">{t(savedMessage(savedTab))}</Banner>}
      {saveError && <Banner tone="error">{saveError}</Banner>}

      <section id="settings-panel" role="tabpanel" aria-labelledby={tabId(tab)} className={cardClass}>
        {tab === 'Profile' && (
          <ProfileTab
            user={user}
            preferences={preferences}
            onPreferencesChange={setPreferences}
            saving={saving}
            onSave={(profile) => save(profile)}
          />
        )}
        {tab === 'Notifications' && <NotificationsTab {...prefProps} />}
        {tab === 'Privacy' && (
          <>
            <PrivacyTab {...prefProps} />
            <Suspense fallback={null}>
              <SignOutEverywhereSection />
            </Suspense>
            <Suspense fallback={null}>
              <ExportSection />
            </Suspense>
            <Suspense fallback={null}>
              <DeleteAccountSection username={user.username} email={user.email} />
            </Suspense>
          </>
        )}
        {tab === 'Developer' && (
          <Suspense fallback={<Spinner />}>
            <DeveloperTab />
          </Suspense>
        )}
        {tab === 'Help & Support' && <HelpTab />}
      </section>
    </div>
  );
}
