import { describe, expect, it } from 'vitest';
import { formatBadgeCount, formatCurrency, initialsOf } from './numbers.ts';

describe('formatCurrency', () => {
  it('formats US dollars without decimals', () => {
    expect(formatCurrency(0)).toBe('$0');
    expect(formatCurrency(1234.5)).toBe('$1,235');
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
