import { SOCKET_EVENTS as E, messagingRoutes } from '@commonwork/contracts';
import { RedisRateCounter } from '@commonwork/kit';
import { buildUser, missing, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, connect, redisUrl } from './support.ts';

// Issue 13, finding 5: with REST at 429 after 600 posts, the same person sent 1,000 `send-message`
// over the socket in 6.6 s, all acknowledged.
describe('one budget per person for REST calls and socket events', () => {
  let p: TestPlatform;
  let ada: Awaited<ReturnType<typeof buildUser>>;
  let socket: Client;
  let channelId: string;

  beforeAll(async () => {
    p = await startTestPlatform({ RATE_LIMIT_MAX: '6' });
    ada = await buildUser(p, 'Ada Budget');
    const created = await p.api.send(messagingRoutes.createChannel, { token: ada.token, body: { name: 'budget', type: 'public' } });
    channelId = created.body.data.id;
    socket = await connect(p.url, ada.token, { websocketOnly: false });
  });
  afterAll(async () => {
    socket?.close();
    await p?.stop();
  });

  it('refuses socket sends once REST calls have spent it, with the REST message', async () => {
    const post = (n: number) =>
      p.api.send(messagingRoutes.postChannelMessage, {
        params: { id: channelId },
        token: ada.token,
        body: { content: `rest ${n}`, type: 'text' },
      });
    const statuses = [];
    for (let n = 0; n < 5; n++) statuses.push((await post(n)).status);
    // The channel's creation spent one call: five posts leave nothing.
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    expect((await post(5)).status).toBe(429);

    const refused = await socket.call(E.sendMessage, { channelId, content: 'socket', type: 'text', clientId: 'c-1' });
    expect(refused).toEqual({ success: false, error: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/) });
    const listed = await p.api.send(messagingRoutes.channelMessages, { params: { id: channelId }, token: ada.token });
    expect(listed.status).toBe(429);
  });
});

describe.skipIf(missing('redis'))('the budget counted in Redis', () => {
  const clients: Redis[] = [];
  afterAll(() => Promise.all(clients.map((client) => client.quit())));

  it('is the same count for every replica', async () => {
    const [a, b] = [new Redis(redisUrl ?? ''), new Redis(redisUrl ?? '')];
    clients.push(a, b);
    const prefix = `cwtest-${Date.now()}`;
    const [onA, onB] = [new RedisRateCounter(a, prefix), new RedisRateCounter(b, prefix)];
    const counts = [];
    for (let i = 0; i < 3; i++) counts.push((await onA.hit('user:ada', 60_000)).count, (await onB.hit('user:ada', 60_000)).count);
    expect(counts).toEqual([1, 2, 3, 4, 5, 6]);
    const { resetInMs } = await onB.hit('user:ada', 60_000);
    expect(resetInMs).toBeGreaterThan(59_000);
    expect(resetInMs).toBeLessThanOrEqual(60_000);
  });
});
