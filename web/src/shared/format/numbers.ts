import { LIMITS } from '@commonwork/contracts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** US dollars, en-US style, no decimals (spec 000 §9): 1234.5 → '$1,235'. */
export function formatCurrency(amount: number): string {
  return usd.format(amount);
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
