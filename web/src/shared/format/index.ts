export { formatBadgeCount, formatCount, formatCurrency, initialsOf } from './numbers.ts';
export { formatRelativeTimeLong, formatRelativeTimeShort, formatTimeLabel } from './relativeTime.ts';
