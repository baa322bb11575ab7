import { describe, expect, it } from 'vitest';
import type { ChannelState } from './channel.ts';
import { decide } from './decide.ts';

const channelId = '0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f';
const admin = '11111111-2222-4333-8444-555555555555';
const other = '99999999-8888-4777-8666-555555555555';
const state = (overrides: Partial<ChannelState> = {}): ChannelState => ({
  exists: true,
  channelId,
  type: 'public',
  creatorId: admin,
  actorIsMember: true,
  memberCount: 2,
  messageCount: 4,
  lastSequence: 4,
  ...overrides,
});
const actor = { userId: other, name: 'Bo', email: '', picture: '' };

describe('channel decider', () => {
  it('gives a message the next sequence', () => {
    const [event] = decide({ type: 'PostMessage', actor, messageId: 'm', content: 'hi', clientId: null }, state());
    expect(event).toMatchObject({ type: 'MessagePosted', data: { sequence: 5, messageCount: 5, content: 'hi' } });
  });

  it('joins a public channel on a first post, and hides a private one from non-members', () => {
    const events = decide({ type: 'PostMessage', actor, messageId: 'm', content: 'hi', clientId: null }, state({ actorIsMember: false }));
    expect(events.map((e) => e.type)).toEqual(['MemberJoined', 'MessagePosted']);
    expect(events[0]).toMatchObject({ data: { memberCount: 3, via: 'post' } });
    expect(() =>
      decide(
        { type: 'PostMessage', actor, messageId: 'm', content: 'hi', clientId: null },
        state({ actorIsMember: false, type: 'private' }),
      ),
    ).toThrow('Channel not found');
  });

  it('lets only admins generate join links', () => {
    expect(decide({ type: 'GenerateJoinLink', actorId: admin, joinLink: 'abc' }, state())).toHaveLength(1);
    expect(() => decide({ type: 'GenerateJoinLink', actorId: other, joinLink: 'abc' }, state())).toThrow(
      'Only admins can generate join links',
    );
  });

  it('joins by link once; a member joining again changes nothing', () => {
    expect(decide({ type: 'JoinByLink', actorId: other }, state({ actorIsMember: false, type: 'private' }))).toEqual([
      { type: 'MemberJoined', data: { channelId, userId: other, via: 'link', memberCount: 3 } },
    ]);
    expect(decide({ type: 'JoinByLink', actorId: other }, state())).toEqual([]);
  });
});
