import { differenceInSeconds } from 'date-fns';

type DateInput = Date | string | number;

const LONG_UNITS = [
  { name: 'year', seconds: 31_536_000 },
  { name: 'month', seconds: 2_592_000 },
  { name: 'day', seconds: 86_400 },
  { name: 'hour', seconds: 3_600 },
  { name: 'minute', seconds: 60 },
] as const;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * Long relative time (spec 000 §9): '1 day ago', '3 hours ago'; under 5 s 'just now';
 * under a minute 'N seconds ago'. `now` defaults to the current time.
 */
export function formatRelativeTimeLong(date: DateInput, now: DateInput = new Date()): string {
  const seconds = Math.max(0, differenceInSeconds(now, date));
  if (seconds < 5) return 'just now';
  for (const unit of LONG_UNITS) {
    const count = Math.floor(seconds / unit.seconds);
    if (count >= 1) return plural(count, unit.name);
  }
  return `${seconds} seconds ago`;
}

/**
 * Short relative time (spec 000 §9): under 60 s 'just now'; under an hour 'N mins ago'; under a day
 * 'N hours ago'; under 7 days 'N days ago'; otherwise the local date string.
 * One of a unit reads '1 min ago', '1 hour ago', '1 day ago'.
 */
export function formatRelativeTimeShort(date: DateInput, now: DateInput = new Date()): string {
  const seconds = Math.max(0, differenceInSeconds(now, date));
  if (seconds < 60) return 'just now';
  if (seconds < 3_600) {
    const mins = Math.floor(seconds / 60);
    return `${mins} ${mins === 1 ? 'min' : 'mins'} ago`;
  }
  if (seconds < 86_400) return plural(Math.floor(seconds / 3_600), 'hour');
  if (seconds < 604_800) return plural(Math.floor(seconds / 86_400), 'day');
  return new Date(date).toLocaleDateString();
}

/**
 * Compact time label for lists (spec 002 §9): under an hour 'Just now'; under 24 h 'Nh ago';
 * under 168 h 'Nd ago'; otherwise the local date string.
 */
export function formatTimeLabel(date: DateInput, now: DateInput = new Date()): string {
  const hours = Math.max(0, differenceInSeconds(now, date)) / 3_600;
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${Math.floor(hours)}h ago`;
  if (hours < 168) return `${Math.floor(hours / 24)}d ago`;
  return new Date(date).toLocaleDateString();
}
