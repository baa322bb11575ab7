import { deciderSpec } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import type { ChannelEvent } from './channel.ts';
import { type ChannelCommand, ChannelNotFound, channelDecider } from './decide.ts';

const channelId = '0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f';
const ada = { userId: '11111111-2222-4333-8444-555555555555', username: 'ada' };
const bo = { userId: '22222222-3333-4444-8555-666666666666', username: 'Bo.Dev' };
const cy = { userId: '99999999-8888-4777-8666-555555555555', username: 'cy' };
const spec = deciderSpec(channelDecider);

const created = (type: 'public' | 'private'): ChannelEvent => ({
  type: 'ChannelCreated',
  data: { channelId, name: 'general', description: '', type, category: 'general', creatorId: ada.userId },
});
const joined = (userId: string, memberCount: number): ChannelEvent => ({
  type: 'MemberJoined',
  data: { channelId, userId, via: memberCount === 1 ? 'create' : 'link', memberCount },
});
const post = (actorId: string, content: string): ChannelCommand => ({
  type: 'PostMessage',
  actor: { userId: actorId, name: 'Someone', email: '', picture: '' },
  messageId: 'm',
  content,
  clientId: null,
  // The route loads everyone the @names may be, members or not: the decider keeps the members.
  mentionable: [ada, bo, cy],
});

describe('channel decider: mentions', () => {
  it('gives a post the members its @usernames name, in any case, each once', () => {
    spec
      .given(created('public'), joined(ada.userId, 1), joined(bo.userId, 2))
      .when(post(bo.userId, '@ADA look, @bo.dev. and @ada again'))
      .thenMatches({ type: 'MessagePosted', data: { mentions: [ada.userId, bo.userId] } });
  });

  it('leaves out people who are not members, even in a public channel', () => {
    spec
      .given(created('public'), joined(ada.userId, 1), joined(bo.userId, 2))
      .when(post(bo.userId, `@cy and @ada`))
      .thenMatches({ type: 'MessagePosted', data: { mentions: [ada.userId] } });
  });

  it('writes no mentions on a post that names nobody', () => {
    spec
      .given(created('public'), joined(ada.userId, 1))
      .when(post(ada.userId, 'mail ada@example.com, @nobody'))
      .then({
        type: 'MessagePosted',
        data: {
          channelId,
          messageId: 'm',
          sequence: 1,
          messageCount: 1,
          sender: { userId: ada.userId, name: 'Someone', email: '', picture: '' },
          content: 'mail ada@example.com, @nobody',
          clientId: null,
        },
      });
  });

  it('lets nobody outside a private channel mention its members', () => {
    spec.given(created('private'), joined(ada.userId, 1), joined(bo.userId, 2)).when(post(cy.userId, '@ada')).thenThrows(ChannelNotFound);
  });
});
