import {
  buildEvent,
  buildGig,
  buildUser,
  eventually,
  expectRebuildReproduces,
  startTestPlatform,
  type TestPlatform,
} from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projections } from '../src/index.ts';

describe('messaging rebuild', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(() => p.stop());

  it('replays channels (event channels too), chats and read marks into exactly what the live path built', async () => {
    const ada = await buildUser(p, 'Ada Admin');
    const bob = await buildUser(p, 'Bob Buyer');
    // A channel: created, joined by posting and by link, a link made, messages, a read mark.
    const channel = (await p.call('POST', '/api/chat/channels', { token: ada.token, body: { name: 'rebuilt', type: 'private' } })).body
      .data;
    const link = await p.call('POST', `/api/chat/channels/${channel.id}/join-link`, { token: ada.token });
    expect((await p.call('POST', `/api/chat/join/channel/${link.body.data.joinLink}`, { token: bob.token })).status).toBe(200);
    for (const [who, content] of [
      [ada, 'hello'],
      [bob, 'hi'],
      [ada, 'welcome'],
    ] as const)
      expect((await p.call('POST', `/api/chat/channels/${channel.id}/messages`, { token: who.token, body: { content } })).status).toBe(201);
    expect((await p.call('PATCH', `/api/chat/channels/${channel.id}/read`, { token: bob.token, body: { sequence: 2 } })).status).toBe(200);

    // A chat about Ada's gig, once messaging has heard of the gig: started, messages both ways, read.
    const gig = (await p.call('POST', '/api/gigs', { token: ada.token, body: buildGig() })).body.gig;
    const chat = await eventually(async () => {
      const res = await p.call('POST', '/api/chat/create', { token: bob.token, body: { recipientId: ada.id, gigId: gig.id } });
      return res.status === 201 && res.body.data;
    });
    for (const [who, content] of [
      [bob, 'Is this available?'],
      [ada, 'Yes!'],
    ] as const)
      expect((await p.call('POST', `/api/chat/${chat.id}/messages`, { token: who.token, body: { content } })).status).toBe(201);
    expect((await p.call('PATCH', `/api/chat/${chat.id}/read`, { token: bob.token })).status).toBe(200);

    // An event's channel: opened by the event, joined by a registration, left by a cancellation.
    const event = (await p.call('POST', '/api/events', { token: ada.token, body: buildEvent() })).body.data;
    const eventChannel = await eventually(
      async () => (await p.call('GET', `/api/events/${event.id}`)).body.data.channelId as string | null,
    );
    const members = async () =>
      (await p.call('GET', '/api/chat/channels', { token: ada.token })).body.data.find((c: { id: string }) => c.id === eventChannel)
        ?.memberCount;
    await p.call('POST', `/api/events/${event.id}/rsvp`, { token: bob.token });
    await eventually(async () => (await members()) === 2);
    await p.call('DELETE', `/api/events/${event.id}/rsvp`, { token: bob.token });
    await eventually(async () => (await members()) === 1);

    await expectRebuildReproduces(p.database, projections);
  });
});
