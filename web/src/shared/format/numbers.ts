import { LIMITS } from '@commonwork/contracts';

/**
 * US dollars, en-US style, no decimals (spec 000 §9): 1234.5 → '$1,235', as `Intl.NumberFormat` writes
 * them (a property test holds the two equal). Written out because a page's first Intl call loads the
 * browser's locale data: 35-110 ms of main thread on a desktop, four times that on a phone, paid by
 * every first visit to the marketplace before its prices could show.
 */
export function formatCurrency(amount: number): string {
  const digits = formatCount(Math.abs(amount));
  // Intl keeps the sign of what rounds to zero, -0 included: '-$0'.
  return `${amount < 0 || Object.is(amount, -0) ? '-' : ''}$${digits}`;
}

/** A whole count, en-US style, without Intl (see formatCurrency): 12400 → '12,400'. */
export function formatCount(count: number): string {
  return String(Math.round(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** An unread badge: '' for none, the count up to the cap, '99+' above it (spec 002 §9). */
export function formatBadgeCount(count: number): string {
  if (count <= 0) return '';
  return count > LIMITS.notificationBadgeCap ? `${LIMITS.notificationBadgeCap}+` : String(count);
}

/** Up to two initials from a name: 'Ada Lovelace' → 'AL', 'plato' → 'P', '' → '?'. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((w) => w.charAt(0).toUpperCase());
  return letters.join('') || '?';
}
