import {
  ChannelCreated,
  ChannelMessagePosted,
  channelMessage,
  identityRoutes,
  messagingRoutes,
  notificationsRoutes,
  UserPreferencesUpdated,
} from '@commonwork/contracts';
import { buildUser, eventually, published, readModelSpec, specId, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../src/handlers/index.ts';
import { migrations } from '../src/migrations.ts';

const ada = specId(1);
const bo = specId(2);
const cy = specId(3);
const general = specId(10);
const messageId = specId(20);

const created = published(ChannelCreated, { channelId: general, name: 'general', type: 'public', creatorId: ada });
const posted = (mentions: string[], content = 'Look at this @ada @cy') =>
  published(ChannelMessagePosted, {
    channelId: general,
    message: channelMessage({
      id: messageId,
      channelId: general,
      sequence: 3,
      sender: { id: bo, name: 'Bo Builder', picture: '' },
      content,
      clientId: null,
      createdAt: '2026-01-01T12:00:00.000Z',
      mentions,
    }),
    messageCount: 3,
    lastActivity: '2026-01-01T12:00:00.000Z',
  });
const quiet = (userId: string) =>
  published(UserPreferencesUpdated, {
    userId,
    notifications: { messageNotifications: false },
    profileVisibility: 'public',
    searchable: true,
  });

describe('a mention in a channel (notifications from messaging events)', () => {
  const spec = readModelSpec({ schema: 'notifications', migrations, subscriptions });

  it('tells each person mentioned, not the sender, naming the channel and linking the message', () =>
    // By person: the notifications' ids come from the event's, so their order is not known.
    spec.given(created, posted([ada, bo, cy])).then(async (db) => {
      const rows = await db.selectFrom('notifications').selectAll().orderBy('user_id').execute();
      expect(rows).toMatchObject([
        {
          user_id: ada,
          type: 'message',
          title: 'Bo Builder mentioned you in #general',
          message: 'Look at this @ada @cy',
          read: false,
          data: { channelId: general, messageId, words: 'channelMention', channelName: 'general' },
        },
        { user_id: cy, title: 'Bo Builder mentioned you in #general' },
      ]);
    }));

  it('tells nobody of a message without mentions', () => spec.given(created, posted([])).thenRows('notifications', []));

  it('tells nobody who turned message notifications off', () =>
    spec.given(created, quiet(cy), posted([ada, cy])).thenRows('notifications', [{ user_id: ada }]));

  it('tells them once when the message is delivered again', () => {
    const message = posted([ada]);
    return spec
      .given(created, message)
      .given(message)
      .thenRows('notifications', [{ user_id: ada }]);
  });
});

describe('a mention in a channel, through the gateway', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(() => p.stop());

  it('gives the mentioned member one notification of type message, unless they turned message notifications off', async () => {
    const [ann, ben, cat] = await Promise.all([buildUser(p, 'Ann Author'), buildUser(p, 'Ben Mentioner'), buildUser(p, 'Cat Quiet')]);
    await p.api.send(identityRoutes.updateUser, {
      params: { id: cat.id },
      token: cat.token,
      body: { preferences: { notifications: { messageNotifications: false } } },
    });
    await eventually(async () => {
      const { rows } = await sql<{
        off: boolean;
      }>`select not message_notifications as off from notifications.people where user_id = ${cat.id}`.execute(p.database.root);
      return rows[0]?.off;
    });
    const channel = (await p.api.call(messagingRoutes.createChannel, { token: ann.token, body: { name: 'design-crit' } })).data;
    const post = (token: string, content: string) =>
      p.api.call(messagingRoutes.postChannelMessage, { params: { id: channel.id }, token, body: { content } });
    await post(ben.token, 'hi');
    await post(cat.token, 'hi');
    // Mentions resolve once messaging knows the usernames (identity's events).
    const message = await eventually(async () => {
      const sent = (await post(ben.token, `@${ann.username} and @${cat.username}, have a look`)).data;
      return sent.mentions.length === 2 && sent;
    });

    const list = (token: string) => p.api.call(notificationsRoutes.list, { token, query: {} });
    const mention = await eventually(async () => (await list(ann.token)).notifications.find((n) => n.data.messageId === message.id));
    expect(mention).toMatchObject({
      type: 'message',
      title: 'Ben Mentioner mentioned you in #design-crit',
      sender: { _id: ben.id, name: 'Ben Mentioner' },
      data: { channelId: channel.id, messageId: message.id, channelName: 'design-crit', words: 'channelMention' },
    });
    // A later mention of Ann alone: once it is handled, so is everything before it (one consumer, in order).
    const later = (await post(ben.token, `@${ann.username} again`)).data;
    await eventually(async () => (await list(ann.token)).notifications.some((n) => n.data.messageId === later.id));
    expect((await list(ann.token)).notifications.filter((n) => n.data.channelId === channel.id)).toHaveLength(2);
    expect((await list(cat.token)).notifications.filter((n) => n.data.channelId === channel.id)).toEqual([]);
    expect((await list(ben.token)).notifications.filter((n) => n.data.channelId === channel.id)).toEqual([]);
  });
});
