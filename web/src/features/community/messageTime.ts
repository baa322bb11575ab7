import { format, isSameDay, isSameYear } from 'date-fns';

/** A message's time: '3:05 PM' today, 'Mar 4, 3:05 PM' this year, else 'Mar 4, 2024, 3:05 PM'. */
export function messageTime(date: Date | string, now: Date = new Date()): string {
  const at = new Date(date);
  if (isSameDay(at, now)) return format(at, 'p');
  if (isSameYear(at, now)) return format(at, 'MMM d, p');
  return format(at, 'PP, p');
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
