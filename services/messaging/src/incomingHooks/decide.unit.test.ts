import { deciderSpec } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import type { ChannelEvent } from '../channels/channel.ts';
import { channelDecider, HookGone } from '../channels/decide.ts';
import { HookNotFound, incomingHookDecider } from './decide.ts';
import type { IncomingHookEvent } from './hook.ts';

const hookId = '33333333-4444-4555-8666-777777777777';
const channelId = '0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f';
const otherChannel = '22222222-3333-4444-8555-666666666666';
const admin = '11111111-2222-4333-8444-555555555555';
const spec = deciderSpec(incomingHookDecider);

const created: IncomingHookEvent = {
  type: 'IncomingHookCreated',
  data: { hookId, channelId, name: 'CI', tokenHash: 'h', tokenHint: 'abcd', createdBy: admin },
};
const create = { type: 'CreateHook', hookId, channelId, name: 'CI', tokenHash: 'h', tokenHint: 'abcd', actorId: admin } as const;

describe('incoming webhook decider', () => {
  it('makes a hook once, and revokes it once', () => {
    spec.given().when(create).then(created);
    spec.given(created).when(create).then();
    const revoked: IncomingHookEvent = { type: 'IncomingHookRevoked', data: { hookId, channelId, revokedBy: admin } };
    spec.given(created).when({ type: 'RevokeHook', channelId, actorId: admin }).then(revoked);
    spec.given(created, revoked).when({ type: 'RevokeHook', channelId, actorId: admin }).then();
  });

  it('knows no hook of another channel, nor one never made', () => {
    spec.given().when({ type: 'RevokeHook', channelId, actorId: admin }).thenThrows(HookNotFound);
    spec.given(created).when({ type: 'RevokeHook', channelId: otherChannel, actorId: admin }).thenThrows(HookNotFound);
  });
});

describe('a hook’s post in its channel', () => {
  const channel = deciderSpec(channelDecider);
  const channelCreated: ChannelEvent = {
    type: 'ChannelCreated',
    data: { channelId, name: 'deploys', description: '', type: 'private', category: 'general', creatorId: admin },
  };
  const adminJoined: ChannelEvent = { type: 'MemberJoined', data: { channelId, userId: admin, via: 'create', memberCount: 1 } };
  const post = {
    type: 'PostMessage',
    actor: { userId: hookId, name: 'Deployer', email: '', picture: '' },
    messageId: 'm1',
    content: 'Deployed',
    clientId: null,
    app: { id: hookId, name: 'CI', createdBy: admin },
  } as const;

  it('posts as the hook, marked as an app, without making it a member of a private channel', () => {
    channel
      .given(channelCreated, adminJoined)
      .when(post)
      .then({
        type: 'MessagePosted',
        data: {
          channelId,
          messageId: 'm1',
          sequence: 1,
          messageCount: 1,
          sender: { userId: hookId, name: 'Deployer', email: '', picture: '' },
          content: 'Deployed',
          clientId: null,
          app: { id: hookId, name: 'CI' },
        },
      });
  });

  it('is gone once its maker is no longer in the channel', () => {
    channel.given(channelCreated).when(post).thenThrows(HookGone);
  });
});
