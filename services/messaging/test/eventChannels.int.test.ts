import { eventsRoutes, messagingRoutes } from '@commonwork/contracts';
import { buildEvent, buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe("an event's community channel", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(() => p.stop());

  it('opens when the event is published, and follows registrations and cancellations', async () => {
    const [ada, bob, eve] = await Promise.all([buildUser(p, 'Ada Organiser'), buildUser(p, 'Bob Attendee'), buildUser(p, 'Eve Outsider')]);
    const { data } = await p.api.call(eventsRoutes.createEvent, { token: ada.token, body: buildEvent({ title: 'Hack night' }) });
    const eventId = data.id;
    // Messaging opens the channel from the events service's event; the events service learns its id the same way.
    const channelId = await eventually(async () => (await p.api.call(eventsRoutes.getEvent, { params: { id: eventId } })).data.channelId);
    const channel = async (token: string) =>
      (await p.api.call(messagingRoutes.listChannels, { token })).data.find((c) => c.id === channelId);
    const access = (token: string) => p.api.send(messagingRoutes.channelAccess, { params: { id: channelId }, token });
    expect(await channel(ada.token)).toMatchObject({ name: 'Hack night', type: 'private', memberCount: 1, creator: { _id: ada.id } });
    expect(await channel(bob.token)).toBeUndefined();

    await p.api.send(eventsRoutes.register, { params: { id: eventId }, token: bob.token });
    await eventually(async () => (await channel(bob.token))?.memberCount === 2);
    expect((await access(bob.token)).status).toBe(200);
    const posted = await p.api.send(messagingRoutes.postChannelMessage, {
      params: { id: channelId },
      token: bob.token,
      body: { content: 'See you there!' },
    });
    expect(posted.status).toBe(201);
    expect((await access(eve.token)).status).toBe(404);

    await p.api.send(eventsRoutes.cancelRegistration, { params: { id: eventId }, token: bob.token });
    await eventually(async () => (await channel(bob.token)) === undefined);
    expect((await access(bob.token)).status).toBe(404);
    expect((await channel(ada.token))?.memberCount).toBe(1);
  });
});
