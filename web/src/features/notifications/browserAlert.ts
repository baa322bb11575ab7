import type { Notification as NotificationItem } from '@commonwork/contracts';
import { t } from './locales/index.ts';

/** Spec 002 §4: the alert closes itself after 5 seconds. */
export const ALERT_CLOSE_MS = 5_000;

/** Whether this browser can show notifications at all (not in every browser, nor over plain http). */
export const browserAlertsSupported = () => typeof globalThis.Notification === 'function';

/**
 * The browser notification for a new gig interest (spec 002 §4), when the person allowed them. The
 * notification's id is its tag: two tabs of one person show one alert.
 */
export function showGigInterestAlert(notification: NotificationItem): void {
  if (notification.type !== 'gig_interest' || !browserAlertsSupported() || globalThis.Notification.permission !== 'granted') return;
  const alert = new globalThis.Notification(t('notifications.gigInterestAlert'), { body: notification.message, tag: notification.id });
  setTimeout(() => alert.close(), ALERT_CLOSE_MS);
}
