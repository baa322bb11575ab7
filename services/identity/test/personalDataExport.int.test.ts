import { identityRoutes, messagingRoutes, PERSONAL_DATA_EXPORT, type PersonalDataArchive, SERVICE_NAMES } from '@commonwork/contracts';
import { buildUser, eventually, populatePerson, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { differenceInDays } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Person = Awaited<ReturnType<typeof buildUser>>;

describe("a person's data export, through the gateway", () => {
  let p: TestPlatform;
  let ada: Person;
  let bob: Person;
  let orderId: string;

  beforeAll(async () => {
    p = await startTestPlatform();
    [ada, bob] = await Promise.all([buildUser(p, 'Ada Exporter'), buildUser(p, 'Bob Neighbour')]);

    // Ada offers a gig, keeps a half-done one, uploads a file; she registers for Bob's event, and
    // orders, completes and reviews Bob's gig; they chat about it. Each has the other's chat message as a notification.
    ({ orderId } = await populatePerson(p, ada, bob, {
      gig: 'Ada builds landing pages',
      draft: 'Half-done logo gig',
      file: { name: 'ada-notes.txt', content: 'Notes for the export test' },
      neighbourEvent: 'Bob’s export meetup',
      neighbourGig: 'Bob writes copy',
      personSays: 'Ada asks Bob',
      neighbourSays: 'Bob answers Ada',
      requirements: 'Copy for my page',
      review: 'Ada liked the copy',
    }));
    // She starts a channel and writes in it.
    const channel = (await p.api.call(messagingRoutes.createChannel, { token: ada.token, body: { name: 'ada-export-corner' } })).data;
    await p.api.call(messagingRoutes.postChannelMessage, {
      params: { id: channel.id },
      token: ada.token,
      body: { content: 'Ada says hello in her channel' },
    });
  }, 180_000);
  afterAll(() => p?.stop());

  const ready = (id: string, token: string) =>
    eventually(async () => {
      const res = await p.api.send(identityRoutes.exportStatus, { params: { id }, token });
      return res.status === 200 && res.body.export.status === 'ready' && res.body.export;
    }, 30_000);

  it('prepares an archive of everything each service holds about the person, downloadable by them once ready', async () => {
    const [first, second] = await Promise.all([
      p.api.send(identityRoutes.requestExport, { token: ada.token }),
      p.api.send(identityRoutes.requestExport, { token: ada.token }),
    ]);
    // One export at a time: two presses at once give the same one.
    expect([first.status, second.status].sort()).toEqual([200, 202]);
    const id = first.body.export?.id as string;
    expect(second.body.export?.id).toBe(id);
    expect(first.body.export?.parts.expected).toBe(SERVICE_NAMES.length);

    const done = await ready(id, ada.token);
    expect(done.parts).toEqual({ received: SERVICE_NAMES.length, expected: SERVICE_NAMES.length });
    expect(differenceInDays(new Date(done.expiresAt as string), new Date(done.readyAt as string))).toBe(PERSONAL_DATA_EXPORT.keptDays);
    const latest = await p.api.call(identityRoutes.latestExport, { token: ada.token });
    expect(latest.export.id).toBe(id);

    const download = await p.api.send(identityRoutes.downloadExport, { params: { id }, token: ada.token });
    expect(download.status).toBe(200);
    const archive = download.body as PersonalDataArchive;
    expect(archive).toMatchObject({ format: 'commonwork-personal-data', exportId: id, personId: ada.id });
    expect(Object.keys(archive.services).sort()).toEqual([...SERVICE_NAMES].sort());
    const text = JSON.stringify(archive);
    for (const expected of [
      ada.email,
      'Ada builds landing pages',
      'Half-done logo gig',
      'ada-notes.txt',
      'ada-export-corner',
      'Ada says hello in her channel',
      'Bob’s export meetup',
      'Bob answers Ada',
      'Ada asks Bob',
      'Copy for my page',
      'Ada liked the copy',
    ]) {
      expect(text, expected).toContain(expected);
    }
    const { identity, marketplace, events, messaging, notifications, drafts, media, orders } = archive.services as Record<
      string,
      // biome-ignore lint/suspicious/noExplicitAny: each part is its service's own shape
      any
    >;
    expect(identity.profile.email).toBe(ada.email);
    expect(marketplace.gigs.map((g: { title: string }) => g.title)).toEqual(['Ada builds landing pages']);
    expect(events.registrations).toEqual([expect.objectContaining({ title: 'Bob’s export meetup' })]);
    expect(messaging.channelMessages).toEqual([
      expect.objectContaining({ channelName: 'ada-export-corner', content: 'Ada says hello in her channel' }),
    ]);
    expect(messaging.conversations[0].messages.map((m: { content: string }) => m.content)).toEqual(
      expect.arrayContaining(['Bob answers Ada', 'Ada asks Bob']),
    );
    expect(notifications.notifications.length).toBeGreaterThan(0);
    expect(drafts.drafts).toEqual([expect.objectContaining({ title: 'Half-done logo gig' })]);
    expect(media.files).toEqual([expect.objectContaining({ name: 'ada-notes.txt', url: expect.stringMatching(/^\/api\/media\/files\//) })]);
    expect(orders.orders).toEqual([expect.objectContaining({ id: orderId, role: 'buyer', status: 'completed' })]);
    expect(orders.reviews).toEqual([expect.objectContaining({ text: 'Ada liked the copy', role: 'written' })]);
    // Bob's own data is not Ada's: his email is nowhere in her archive.
    expect(text).not.toContain(bob.email);

    // Ready, a new press asks for a new export.
    const again = await p.api.send(identityRoutes.requestExport, { token: ada.token });
    expect(again.status).toBe(202);
    expect(again.body.export?.id).not.toBe(id);
    await ready(again.body.export?.id as string, ada.token);
  });

  it('is its owner’s only: another person is told it does not exist, a caller without a session is refused', async () => {
    const { id } = (await p.api.call(identityRoutes.latestExport, { token: ada.token })).export;
    expect((await p.api.send(identityRoutes.downloadExport, { params: { id }, token: bob.token })).status).toBe(404);
    expect((await p.api.send(identityRoutes.exportStatus, { params: { id }, token: bob.token })).status).toBe(404);
    expect((await p.api.send(identityRoutes.latestExport, { token: bob.token })).status).toBe(404);
    expect((await p.api.send(identityRoutes.downloadExport, { params: { id } })).status).toBe(401);
    expect((await p.api.send(identityRoutes.exportStatus, { params: { id } })).status).toBe(401);
    expect((await p.api.send(identityRoutes.requestExport, {})).status).toBe(401);
    expect((await p.api.send(identityRoutes.latestExport, {})).status).toBe(401);
    // A personal access token, whatever its scopes, cannot export: only the person signed in can.
    const made = await p.api.call(identityRoutes.createToken, {
      token: ada.token,
      body: { name: 'Everything', scopes: ['profile:read', 'profile:write'] },
    });
    expect((await p.api.send(identityRoutes.requestExport, { token: made.secret })).status).toBe(403);
    expect((await p.api.send(identityRoutes.downloadExport, { params: { id }, token: made.secret })).status).toBe(403);
    // An id that is not one is refused with the field named.
    const bad = await p.api.send(identityRoutes.exportStatus, { params: { id: 'not-an-id' }, token: ada.token });
    expect(bad.status).toBe(400);
  });

  it('is not reachable on its internal route through the gateway', async () => {
    const res = await p.call('PUT', `/internal/people/${ada.id}/exports/${ada.id}/parts/identity`, { body: { part: {} } });
    expect(res.status).toBe(404);
  });
});
