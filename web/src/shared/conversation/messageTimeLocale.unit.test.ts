import { afterEach, describe, expect, it } from 'vitest';
import { activate, loadLocale } from '../i18n/i18n.ts';
import { messageTime } from './messageTime.ts';

afterEach(() => activate('en'));

describe('messageTime in another language', () => {
  const now = new Date(2025, 5, 15, 18, 0);
  it('writes the time, the day and the date as that language does (24-hour clock, day first)', async () => {
    await loadLocale('de');
    activate('de');
    expect(messageTime(new Date(2025, 5, 15, 15, 5), now)).toBe('15:05');
    expect(messageTime(new Date(2025, 2, 4, 15, 5), now)).toBe('4. März, 15:05');
    expect(messageTime(new Date(2024, 2, 4, 15, 5), now)).toBe('04.03.2024, 15:05');
    await loadLocale('es');
    activate('es');
    expect(messageTime(new Date(2025, 2, 4, 15, 5), now)).toBe('4 mar, 15:05');
  });
});
