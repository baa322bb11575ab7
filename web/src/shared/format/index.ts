export { formatBadgeCount, formatCurrency, initialsOf } from './numbers.ts';
export { formatRelativeTimeLong, formatRelativeTimeShort, formatTimeLabel } from './relativeTime.ts';
