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
    const { body } = await p.call('POST', '/api/events', { token: ada.token, body: buildEvent({ title: 'Hack night' }) });
    const eventId = body.data.id;
    // Messaging opens the channel from the events service's event; the events service learns its id the same way.
    const channelId = await eventually(async () => (await p.call('GET', `/api/events/${eventId}`)).body.data.channelId as string | null);
    const channel = async (token: string) =>
      (await p.call('GET', '/api/chat/channels', { token })).body.data.find((c: { id: string }) => c.id === channelId);
    expect(await channel(ada.token)).toMatchObject({ name: 'Hack night', type: 'private', memberCount: 1, creator: { _id: ada.id } });
    expect(await channel(bob.token)).toBeUndefined();

    await p.call('POST', `/api/events/${eventId}/rsvp`, { token: bob.token });
    await eventually(async () => (await channel(bob.token))?.memberCount === 2);
    expect((await p.call('GET', `/api/chat/channels/${channelId}/access`, { token: bob.token })).status).toBe(200);
    const posted = await p.call('POST', `/api/chat/channels/${channelId}/messages`, {
      token: bob.token,
      body: { content: 'See you there!' },
    });
    expect(posted.status).toBe(201);
    expect((await p.call('GET', `/api/chat/channels/${channelId}/access`, { token: eve.token })).status).toBe(404);

    await p.call('DELETE', `/api/events/${eventId}/rsvp`, { token: bob.token });
    await eventually(async () => (await channel(bob.token)) === undefined);
    expect((await p.call('GET', `/api/chat/channels/${channelId}/access`, { token: bob.token })).status).toBe(404);
    expect((await channel(ada.token)).memberCount).toBe(1);
  });
});
