import { LIMITS } from '@commonwork/contracts';
import { activeLocale } from '../i18n/i18n.ts';

// Other languages than English write numbers with Intl, in their own form ('1.235 $' in German);
// English keeps the fast path below. One formatter per language and style.
const formatters = new Map<string, Intl.NumberFormat>();
function intl(style: 'currency' | 'decimal'): Intl.NumberFormat {
  const key = `${activeLocale()}:${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(activeLocale(), { style, currency: 'USD', maximumFractionDigits: 0 });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * US dollars, no decimals (spec 000 §9); in English en-US style: 1234.5 → '$1,235', as `Intl.NumberFormat` writes
 * them (a property test holds the two equal). Written out because a page's first Intl call loads the
 * browser's locale data: 35-110 ms of main thread on a desktop, four times that on a phone, paid by
 * every first visit to the marketplace before its prices could show.
 */
export function formatCurrency(amount: number): string {
  if (activeLocale() !== 'en') return intl('currency').format(amount);
  const digits = formatCount(Math.abs(amount));
  // Intl keeps the sign of what rounds to zero, -0 included: '-$0'.
  return `${amount < 0 || Object.is(amount, -0) ? '-' : ''}$${digits}`;
}

/** A whole count in the language shown; in English en-US style, without Intl (see formatCurrency): 12400 → '12,400'. */
export function formatCount(count: number): string {
  if (activeLocale() !== 'en') return intl('decimal').format(Math.round(count));
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
