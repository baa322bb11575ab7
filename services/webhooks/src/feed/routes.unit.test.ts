import { PUBLIC_EVENT_TYPES } from '@commonwork/contracts';
import { describe, expect, it } from 'vitest';
import { readableTypes } from './routes.ts';

describe('the types a feed caller may read', () => {
  it('reads every type signed in, or those asked for', () => {
    expect(readableTypes({})).toBeUndefined();
    expect(readableTypes({}, ['gig.created'])).toEqual(['gig.created']);
  });

  it('reads, with a personal access token, only the types its read scopes cover', () => {
    const token = { scopes: ['gigs:read', 'orders:read', 'webhooks:write'] as const };
    const types = readableTypes({ scopes: [...token.scopes] }) ?? [];
    expect(types).toEqual(PUBLIC_EVENT_TYPES.filter((t) => t.startsWith('gig.') || t.startsWith('order.') || t.startsWith('review.')));
    expect(readableTypes({ scopes: ['gigs:read'] }, ['gig.created', 'channel.message.posted'])).toEqual(['gig.created']);
    expect(readableTypes({ scopes: ['webhooks:write'] })).toEqual([]);
  });
});
