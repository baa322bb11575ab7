import { isSameDay, isSameYear } from 'date-fns';
import { formatDate } from '../format/dates.ts';
import { activeLocale } from '../i18n/index.ts';

/** A day of this year without its year, as each language writes it (date-fns has no such pattern). */
const DAY_THIS_YEAR = { en: 'MMM d, p', es: 'd MMM, p', fr: 'd MMM, p', de: 'd. MMM, p' } as const;

/**
 * A message's time: '3:05 PM' today, 'Mar 4, 3:05 PM' this year, else 'Mar 4, 2024, 3:05 PM'; in
 * another language its own forms ('15:05', '4. März, 15:05', '04.03.2024, 15:05').
 */
export function messageTime(date: Date | string, now: Date = new Date()): string {
  const at = new Date(date);
  if (isSameDay(at, now)) return formatDate(at, 'p', 'p');
  if (isSameYear(at, now)) return formatDate(at, DAY_THIS_YEAR.en, DAY_THIS_YEAR[activeLocale()]);
  return formatDate(at, 'PP, p', 'P, p');
}

/** Messages from one sender within this long of each other share one header. */
const GROUP_WINDOW_MS = 5 * 60_000;

/** Whether a message continues the previous one's group (same sender, a few minutes apart). */
export function continuesGroup(
  previous: { sender: { _id: string }; createdAt: string } | undefined,
  message: { sender: { _id: string }; createdAt: string },
): boolean {
  if (!previous || previous.sender._id !== message.sender._id) return false;
  const gap = Date.parse(message.createdAt) - Date.parse(previous.createdAt);
  return gap >= 0 && gap < GROUP_WINDOW_MS;
}
