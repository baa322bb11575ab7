import { describe, expect, it } from 'vitest';
import { firstNameOf, greetingFor } from './greeting.ts';

const at = (hours: number, minutes = 0) => new Date(2025, 5, 15, hours, minutes);

describe('greetingFor', () => {
  it('says morning before noon, afternoon before 18:00, evening after', () => {
    expect(greetingFor(at(0))).toBe('Good morning');
    expect(greetingFor(at(11, 59))).toBe('Good morning');
    expect(greetingFor(at(12))).toBe('Good afternoon');
    expect(greetingFor(at(17, 59))).toBe('Good afternoon');
    expect(greetingFor(at(18))).toBe('Good evening');
    expect(greetingFor(at(23, 59))).toBe('Good evening');
  });
});

describe('firstNameOf', () => {
  it('takes the first word of the name', () => {
    expect(firstNameOf('Ada Lovelace')).toBe('Ada');
    expect(firstNameOf('  Grace  ')).toBe('Grace');
    expect(firstNameOf(undefined)).toBe('');
  });
});
