import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBadgeCount, formatCurrency, initialsOf } from './numbers.ts';

describe('formatCurrency', () => {
  it('formats US dollars without decimals', () => {
    expect(formatCurrency(0)).toBe('$0');
    expect(formatCurrency(1234.5)).toBe('$1,235');
    expect(formatCurrency(999_999.49)).toBe('$999,999');
    expect(formatCurrency(-1234.5)).toBe('-$1,235');
    expect(formatCurrency(-0)).toBe('-$0');
  });

  it('writes every amount as Intl.NumberFormat does', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    const amounts = fc.oneof(
      fc.integer({ min: -1e12, max: 1e12 }),
      fc.double({ min: -1e9, max: 1e9, noNaN: true }),
      // Halves, where rounding direction shows.
      fc.integer({ min: -1e6, max: 1e6 }).map((n) => n + 0.5),
      fc.constantFrom(0, -0, 0.4, -0.4, 0.5, -0.5),
    );
    fc.assert(fc.property(amounts, (amount) => formatCurrency(amount) === usd.format(amount)));
  });
});

describe('formatBadgeCount', () => {
  it('hides zero, shows counts up to 99 and caps above', () => {
    expect(formatBadgeCount(0)).toBe('');
    expect(formatBadgeCount(7)).toBe('7');
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
  });
});

describe('initialsOf', () => {
  it('takes up to two initials', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('ada king lovelace')).toBe('AK');
    expect(initialsOf('plato')).toBe('P');
    expect(initialsOf('  ')).toBe('?');
    expect(initialsOf(null)).toBe('?');
  });
});
