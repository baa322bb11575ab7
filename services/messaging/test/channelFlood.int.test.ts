import { messagingRoutes } from '@commonwork/contracts';
import { buildUser, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A platform whose channels queue few sends, so a burst from one test overflows the queue for sure.
describe('a channel flooded with sends', () => {
  let p: TestPlatform;
  let ada: Awaited<ReturnType<typeof buildUser>>;
  let bob: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    p = await startTestPlatform({ CHANNEL_SEND_QUEUE: '3' });
    ada = await buildUser(p, 'Ada Admin');
    bob = await buildUser(p, 'Bob Member');
  });
  afterAll(() => p.stop());

  const post = (token: string, id: string, content: string) =>
    p.api.send(messagingRoutes.postChannelMessage, { params: { id }, token, body: { content, type: 'text' } });
  const channelOf = async (token: string, id: string) =>
    (await p.api.call(messagingRoutes.listChannels, { token })).data.find((c) => c.id === id);
  const allMessages = (id: string, limit: number) =>
    p.api.send(messagingRoutes.channelMessages, { params: { id }, query: { after: 0, limit }, token: ada.token });

  it('refuses at once, with a sentence, the sends it cannot take, and keeps every one it answered', async () => {
    const { body } = await p.api.send(messagingRoutes.createChannel, { token: ada.token, body: { name: 'flooded' } });
    const id = body.data.id;
    // A running platform keeps its connections open; a new one opens them one per turn of the event
    // loop, and on PGlite every turn carries a send's transaction, so a flood on cold connections
    // would reach the channel one send at a time. Two bursts of reads open them on both hops.
    for (let round = 0; round < 2; round++) await Promise.all(Array.from({ length: 60 }, () => allMessages(id, 1)));
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => post(i % 2 ? ada.token : bob.token, id, `f${i}`)));
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused)
      expect(r).toMatchObject({
        status: 503,
        body: { success: false, message: 'Too many people are doing this at once. Please try again in a moment.' },
      });
    const landed = results.filter((r) => r.status === 201);
    const all = await allMessages(id, 100);
    expect(all.body.messages.map((m) => m.sequence)).toEqual(landed.map((_, i) => i + 1));
    expect((await channelOf(ada.token, id))?.messageCount).toBe(landed.length);
    // A refused send, tried again, lands.
    expect((await post(ada.token, id, 'again')).status).toBe(201);
  });
});
