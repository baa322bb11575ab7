import { describe, expect, it } from 'vitest';
import { changedFields, DEFAULT_PREFERENCES, mergePreferences, preferencesPatch } from './userCatalog.ts';

describe('what a form sends', () => {
  it('names only the fields the person changed, lists compared by value', () => {
    const base = { bio: 'a', phone: '1', skills: ['go'] };
    expect(changedFields(base, { bio: 'b', phone: '1', skills: ['go'] })).toEqual({ bio: 'b' });
    expect(changedFields(base, { bio: 'a', phone: '1', skills: ['go', 'sql'] })).toEqual({ skills: ['go', 'sql'] });
    expect(changedFields(base, { ...base, skills: ['go'] })).toBeUndefined();
  });

  it('sends only the preferences changed, which merged over what was read give what the person chose', () => {
    const next = {
      ...DEFAULT_PREFERENCES,
      notifications: { ...DEFAULT_PREFERENCES.notifications, push: false },
      timezone: 'Asia/Tokyo',
    };
    const patch = preferencesPatch(DEFAULT_PREFERENCES, next);
    expect(patch).toEqual({ notifications: { push: false }, timezone: 'Asia/Tokyo' });
    expect(mergePreferences(DEFAULT_PREFERENCES, patch ?? {})).toEqual(next);
    expect(preferencesPatch(DEFAULT_PREFERENCES, { ...DEFAULT_PREFERENCES })).toBeUndefined();
  });
});
