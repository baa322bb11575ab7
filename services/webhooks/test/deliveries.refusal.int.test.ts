import { marketplaceRoutes, webhooksRoutes } from '@commonwork/contracts';
import { buildGig, buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from './deliveriesReceiver.ts';

type Person = Awaited<ReturnType<typeof buildUser>>;

/** A deployment as in a cluster: no loopback receivers, no private ones. */
describe('where deliveries may not go', () => {
  let p: TestPlatform;
  let ada: Person;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    p = await startTestPlatform();
    ada = await buildUser(p, 'Ada Hooks');
    receiver = await startReceiver();
  }, 120_000);
  afterAll(async () => {
    await p?.stop();
    await receiver?.close();
  });

  const subscribe = async (url: string) => {
    const res = await p.api.send(webhooksRoutes.create, { token: ada.token, body: { url, events: ['gig.created'] } });
    if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.webhook;
  };
  const log = async (id: string) =>
    (await p.api.call(webhooksRoutes.deliveries, { token: ada.token, params: { id }, query: { page: 1, limit: 20 } })).deliveries;

  it('refuses a name resolving to loopback outside embedded mode, and says so in the log', async () => {
    const webhook = await subscribe(`http://localhost:${receiver.port}/hook`);
    await p.api.call(marketplaceRoutes.createGig, { token: ada.token, body: buildGig({ title: 'Kept in' }) });
    const [delivery] = await eventually(async () => {
      const deliveries = await log(webhook.id);
      return deliveries[0]?.attempts === 1 && deliveries;
    });
    expect(delivery).toMatchObject({ type: 'gig.created', status: 'retrying', responseStatus: null });
    expect(delivery?.response).toMatch(
      /^Refused: localhost resolves to (127\.0\.0\.1|::1), (a|the) loopback address.*: loopback receivers are allowed only in embedded development mode$/,
    );
    // A ping is one attempt: failed, with the same reason.
    const ping = await p.api.send(webhooksRoutes.ping, { token: ada.token, params: { id: webhook.id } });
    expect(ping.status).toBe(202);
    const pinged = await eventually(async () => (await log(webhook.id)).find((d) => d.type === 'webhook.ping' && d.status === 'failed'));
    expect(pinged.response).toMatch(/^Refused: localhost resolves to/);
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses a loopback address in the URL itself when the webhook is made, and makes none', async () => {
    const res = await p.api.send(webhooksRoutes.create, {
      token: ada.token,
      body: { url: `http://127.0.0.1:${receiver.port}/hook`, events: ['gig.created'] },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(
      'Webhook URLs may not point to a loopback address (127/8): loopback receivers are allowed only in embedded development mode',
    );
    expect(JSON.stringify(res.body)).toContain('"url"');
    const listed = await p.api.call(webhooksRoutes.list, { token: ada.token });
    expect(JSON.stringify(listed)).not.toContain('127.0.0.1');
    expect(receiver.received).toHaveLength(0);
  });
});
