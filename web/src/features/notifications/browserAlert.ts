import type { Notification as NotificationItem } from '@commonwork/contracts';
import { t } from './locales/index.ts';

/** Spec 002 §4: the alert closes itself after 5 seconds. */
export const ALERT_CLOSE_MS = 5_000;

/** Whether this browser can show notifications at all (not in every browser, nor over plain http). */
export const browserAlertsSupported = () => typeof globalThis.Notification === 'function';

/**
 * The browser notification for a new gig interest (spec 002 §4), when the person allowed them. The
 * notification's id is its tag: two tabs of one person show one alert. Its body in the language on
 * screen: the sentences are loaded only now, not with every signed-in page.
 */
export async function showGigInterestAlert(notification: NotificationItem): Promise<void> {
  if (notification.type !== 'gig_interest' || !browserAlertsSupported() || globalThis.Notification.permission !== 'granted') return;
  const { notificationText } = await import('./words/words.ts');
  const body = notificationText(notification).message;
  const alert = new globalThis.Notification(t('notifications.gigInterestAlert'), { body, tag: notification.id });
  setTimeout(() => alert.close(), ALERT_CLOSE_MS);
}
