import BellRing from 'lucide-react/icons/bell-ring';
import { useState } from 'react';
import { useHydrated } from '../../shared/hooks/useHydrated.tsx';
import { buttonSecondary } from '../../shared/ui/classes.ts';
import { browserAlertsSupported } from './browserAlert.ts';
import { useT } from './locales/index.ts';

/**
 * Asks for the browser's permission to show alerts, from a click (browsers ignore a request that no
 * gesture made). Shown only while the person has not answered, which a pre-rendered page learns once hydrated.
 */
export function BrowserAlertsButton() {
  const [permission, setPermission] = useState(() => (browserAlertsSupported() ? globalThis.Notification.permission : 'denied'));
  const hydrated = useHydrated();
  const t = useT();
  if (!hydrated || permission !== 'default') return null;
  return (
    <button type="button" className={buttonSecondary} onClick={() => void globalThis.Notification.requestPermission().then(setPermission)}>
      <BellRing className="h-4 w-4" aria-hidden="true" />
      {t('notifications.enableBrowser')}
    </button>
  );
}
