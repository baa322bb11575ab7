import { Forbidden } from '@commonwork/kit';
import { deciderSpec } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import type { ChannelEvent } from './channel.ts';
import { type ChannelCommand, ChannelNotFound, channelDecider } from './decide.ts';

const channelId = '0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f';
const admin = '11111111-2222-4333-8444-555555555555';
const member = '22222222-3333-4444-8555-666666666666';
const other = '99999999-8888-4777-8666-555555555555';
const spec = deciderSpec(channelDecider);

const created = (type: 'public' | 'private' = 'public'): ChannelEvent => ({
  type: 'ChannelCreated',
  data: { channelId, name: 'general', description: '', type, category: 'general', creatorId: admin },
});
const joined = (userId: string, memberCount: number, via: 'create' | 'post' | 'link' | 'event' = 'link'): ChannelEvent => ({
  type: 'MemberJoined',
  data: { channelId, userId, via, memberCount },
});
const card = (userId: string) => ({ userId, name: 'Bo', email: '', picture: '' });
const posted = (userId: string, sequence: number): ChannelEvent => ({
  type: 'MessagePosted',
  data: { channelId, messageId: `m${sequence}`, sequence, messageCount: sequence, sender: card(userId), content: 'x', clientId: null },
});
const post = (userId: string): ChannelCommand => ({
  type: 'PostMessage',
  actor: card(userId),
  messageId: 'm',
  content: 'hi',
  clientId: null,
});

/** A post with what the test says besides (its attachments, another text). */
const postWith = (userId: string, extra: Partial<Extract<ChannelCommand, { type: 'PostMessage' }>>): ChannelCommand => ({
  type: 'PostMessage',
  actor: card(userId),
  messageId: 'm',
  content: 'hi',
  clientId: null,
  ...extra,
});

describe('channel decider', () => {
  it('creates a channel with its creator as first member', () => {
    spec
      .given()
      .when({
        type: 'CreateChannel',
        channelId,
        actorId: admin,
        name: 'general',
        description: '',
        channelType: 'public',
        category: 'general',
      })
      .then(created(), joined(admin, 1, 'create'));
  });

  it("gives a member's message the next sequence", () => {
    spec
      .given(created(), joined(admin, 1, 'create'), joined(member, 2), posted(admin, 1), posted(member, 2))
      .when(post(member))
      .thenMatches({ type: 'MessagePosted', data: { sequence: 3, messageCount: 3, content: 'hi', sender: card(member) } });
  });

  it('joins a public channel on a first post, counting the members folded so far', () => {
    spec
      .given(created(), joined(admin, 1, 'create'), joined(member, 2))
      .when(post(other))
      .thenMatches(
        { type: 'MemberJoined', data: { userId: other, memberCount: 3, via: 'post' } },
        { type: 'MessagePosted', data: { sequence: 1 } },
      );
  });

  it('knows who joined whoever posts: a member who joined before is not joined again', () => {
    spec
      .given(created(), joined(admin, 1, 'create'), joined(other, 2), joined(member, 3))
      .when(post(other))
      .thenMatches({ type: 'MessagePosted', data: { sequence: 1 } });
  });

  it('hides a private channel from non-members, and a channel that does not exist from everyone', () => {
    spec
      .given(created('private'), joined(admin, 1, 'create'))
      .when(post(other))
      .thenThrows(ChannelNotFound);
    spec.given().when(post(admin)).thenThrows(ChannelNotFound);
    spec
      .given(created('private'), joined(admin, 1, 'create'))
      .when({ type: 'GenerateJoinLink', actorId: other, joinLink: 'abc' })
      .thenThrows(ChannelNotFound);
  });

  it('lets only admins generate join links', () => {
    spec
      .given(created(), joined(admin, 1, 'create'))
      .when({ type: 'GenerateJoinLink', actorId: admin, joinLink: 'abc' })
      .then({ type: 'JoinLinkGenerated', data: { channelId, joinLink: 'abc', generatedBy: admin } });
    spec
      .given(created(), joined(admin, 1, 'create'), joined(member, 2))
      .when({ type: 'GenerateJoinLink', actorId: member, joinLink: 'abc' })
      .thenThrows(Forbidden);
  });

  it('joins by link once; a member joining again changes nothing', () => {
    spec
      .given(created('private'), joined(admin, 1, 'create'))
      .when({ type: 'JoinByLink', actorId: other })
      .then(joined(other, 2));
    spec
      .given(created('private'), joined(admin, 1, 'create'), joined(other, 2))
      .when({ type: 'JoinByLink', actorId: other })
      .thenNothing();
    spec.given().when({ type: 'JoinByLink', actorId: other }).thenThrows(ChannelNotFound);
  });

  describe("a tech event's channel", () => {
    const eventId = '55555555-6666-4777-8888-999999999999';
    const open: ChannelCommand = { type: 'OpenEventChannel', channelId, eventId, organizerId: admin, title: 'Hack night' };
    const opened: ChannelEvent = {
      type: 'ChannelCreated',
      data: {
        channelId,
        name: 'Hack night',
        description: 'Attendees of "Hack night" meet here before and after the event.',
        type: 'private',
        category: 'tech',
        creatorId: admin,
        eventId,
      },
    };

    it('opens once, private, run by the organiser', () => {
      spec
        .given()
        .when(open)
        .then(opened, joined(admin, 1, 'create'));
      spec
        .given(opened, joined(admin, 1, 'create'))
        .when(open)
        .thenNothing();
    });

    it('takes in each attendee once and lets them go, never the organiser', () => {
      const start = [opened, joined(admin, 1, 'create')];
      spec
        .given(...start)
        .when({ type: 'JoinEventChannel', userId: member })
        .then(joined(member, 2, 'event'));
      spec
        .given(...start, joined(member, 2, 'event'))
        .when({ type: 'JoinEventChannel', userId: member })
        .thenNothing();
      spec
        .given(...start, joined(member, 2, 'event'))
        .when({ type: 'LeaveEventChannel', userId: member })
        .then({ type: 'MemberLeft', data: { channelId, userId: member, memberCount: 1 } });
      spec
        .given(...start)
        .when({ type: 'LeaveEventChannel', userId: admin })
        .thenNothing();
      spec
        .given(...start)
        .when({ type: 'LeaveEventChannel', userId: other })
        .thenNothing();
    });

    it('is not found before it opens', () => {
      spec.given().when({ type: 'JoinEventChannel', userId: member }).thenThrows(ChannelNotFound);
      spec.given().when({ type: 'LeaveEventChannel', userId: member }).thenThrows(ChannelNotFound);
    });

    it('a left attendee no longer posts in it', () => {
      spec
        .given(opened, joined(admin, 1, 'create'), joined(member, 2, 'event'), {
          type: 'MemberLeft',
          data: { channelId, userId: member, memberCount: 1 },
        })
        .when(post(member))
        .thenThrows(ChannelNotFound);
    });
  });

  it('carries the attachments it is given (already checked as the sender’s) in the posted event, and none on a plain message', () => {
    const attachments = [
      { type: 'image' as const, url: '/api/media/x.png', name: 'x.png', width: 10, height: 5, size: 100 },
      { type: 'other' as const, url: '/api/media/files/y.pdf', name: 'y.pdf', size: 50 },
    ];
    const data = { channelId, messageId: 'm', sequence: 1, messageCount: 1, sender: card(admin), content: '', clientId: null };
    spec
      .given(created(), joined(admin, 1, 'create'))
      .when(postWith(admin, { content: '', attachments }))
      .then({ type: 'MessagePosted', data: { ...data, attachments } });
    spec
      .given(created(), joined(admin, 1, 'create'))
      .when(postWith(admin, { content: '', attachments: [] }))
      .then({ type: 'MessagePosted', data });
  });

  it('lets only members attach in a private channel: anyone else finds no channel', () => {
    const attachments = [{ type: 'other' as const, url: '/api/media/files/y.pdf', name: 'y.pdf', size: 50 }];
    spec
      .given(created('private'), joined(admin, 1, 'create'))
      .when(postWith(other, { attachments }))
      .thenThrows(ChannelNotFound);
  });
});
