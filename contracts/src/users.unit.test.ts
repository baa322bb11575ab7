import { describe, expect, it } from 'vitest';
import { UpdateUserRequest } from './users.ts';

// The profile form validates with this schema, and identity with the same one.
describe('a profile change', () => {
  it('takes a website as people type it, adding https:// for them', () => {
    for (const [typed, kept] of [
      ['alice.design', 'https://alice.design'],
      ['  www.alice.design/work ', 'https://www.alice.design/work'],
      ['http://alice.design', 'http://alice.design'],
      ['', ''],
    ]) {
      expect(UpdateUserRequest.parse({ website: typed }).website, typed).toBe(kept);
    }
  });

  it('refuses a website that is not a web address', () => {
    for (const typed of ['not a url', 'javascript:alert(1)', 'ftp://alice.design', 'alice']) {
      const result = UpdateUserRequest.safeParse({ website: typed });
      expect(result.success, typed).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['website']);
    }
  });

  it('takes any IANA time zone, and a version that is a whole number', () => {
    expect(UpdateUserRequest.parse({ preferences: { timezone: 'Asia/Kolkata' }, version: 3 })).toEqual({
      preferences: { timezone: 'Asia/Kolkata' },
      version: 3,
    });
    expect(UpdateUserRequest.safeParse({ preferences: { timezone: 'Mars/Olympus_Mons' } }).success).toBe(false);
    expect(UpdateUserRequest.safeParse({ version: 1.5 }).success).toBe(false);
  });
});
