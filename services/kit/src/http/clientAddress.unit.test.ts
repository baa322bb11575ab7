import { describe, expect, it } from 'vitest';
import { subscriberOf } from './clientAddress.ts';

describe('subscriberOf', () => {
  it('keeps an IPv4 address whole, written plainly or as IPv6', () => {
    expect(subscriberOf('203.0.113.7')).toBe('203.0.113.7');
    expect(subscriberOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('names an IPv6 address by its /64, however it is written', () => {
    expect(subscriberOf('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(subscriberOf('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(subscriberOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(subscriberOf('::1')).toBe('0:0:0:0::/64');
  });
});
