import { differenceInSeconds } from 'date-fns';
import { activeLocale } from '../i18n/i18n.ts';
import { t } from '../locales/index.ts';

type DateInput = Date | string | number;

const LONG_UNITS = [
  { message: 'shared.time.yearsAgo', seconds: 31_536_000 },
  { message: 'shared.time.monthsAgo', seconds: 2_592_000 },
  { message: 'shared.time.daysAgo', seconds: 86_400 },
  { message: 'shared.time.hoursAgo', seconds: 3_600 },
  { message: 'shared.time.minutesAgo', seconds: 60 },
] as const;

/** A date in the language shown; English keeps the browser's own form, as before there were others. */
const localDate = (date: DateInput) => new Date(date).toLocaleDateString(activeLocale() === 'en' ? undefined : activeLocale());

/**
 * Long relative time (spec 000 §9): '1 day ago', '3 hours ago'; under 5 s 'just now';
 * under a minute 'N seconds ago'. `now` defaults to the current time.
 */
export function formatRelativeTimeLong(date: DateInput, now: DateInput = new Date()): string {
  const seconds = Math.max(0, differenceInSeconds(now, date));
  if (seconds < 5) return t('shared.time.justNow');
  for (const unit of LONG_UNITS) {
    const count = Math.floor(seconds / unit.seconds);
    if (count >= 1) return t(unit.message, { count });
  }
  return t('shared.time.secondsAgo', { count: seconds });
}

/**
 * Short relative time (spec 000 §9): under 60 s 'just now'; under an hour 'N mins ago'; under a day
 * 'N hours ago'; under 7 days 'N days ago'; otherwise the local date string.
 * One of a unit reads '1 min ago', '1 hour ago', '1 day ago'.
 */
export function formatRelativeTimeShort(date: DateInput, now: DateInput = new Date()): string {
  const seconds = Math.max(0, differenceInSeconds(now, date));
  if (seconds < 60) return t('shared.time.justNow');
  if (seconds < 3_600) return t('shared.time.minsAgo', { count: Math.floor(seconds / 60) });
  if (seconds < 86_400) return t('shared.time.hoursAgo', { count: Math.floor(seconds / 3_600) });
  if (seconds < 604_800) return t('shared.time.daysAgo', { count: Math.floor(seconds / 86_400) });
  return localDate(date);
}

/**
 * Compact time label for lists (spec 002 §9): under an hour 'Just now'; under 24 h 'Nh ago';
 * under 168 h 'Nd ago'; otherwise the local date string.
 */
export function formatTimeLabel(date: DateInput, now: DateInput = new Date()): string {
  const hours = Math.max(0, differenceInSeconds(now, date)) / 3_600;
  if (hours < 1) return t('shared.time.justNowLabel');
  if (hours < 24) return t('shared.time.hoursAgoShort', { count: Math.floor(hours) });
  if (hours < 168) return t('shared.time.daysAgoShort', { count: Math.floor(hours / 24) });
  return localDate(date);
}
