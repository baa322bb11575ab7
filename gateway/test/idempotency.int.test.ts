import { randomUUID } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { createApiClient, eventsRoutes, IDEMPOTENT_REPLAYED_HEADER, marketplaceRoutes, messagingRoutes } from '@commonwork/contracts';
import { remoteTokenVerifier } from '@commonwork/kit';
import { buildEvent, buildGig, buildUser, startTestPlatform, type TestPlatform, testLogger } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/index.ts';

// Issue 33, item 2: a write whose replica dies before answering is sent to another replica with the
// same Idempotency-Key, and the key makes it happen once, whether the first replica committed or not.
describe('Idempotency-Key on writes, through the gateway', () => {
  let p: TestPlatform;
  let ada: Awaited<ReturnType<typeof buildUser>>;
  let bob: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    p = await startTestPlatform();
    [ada, bob] = [await buildUser(p, 'Ada Idempotent'), await buildUser(p, 'Bob Idempotent')];
  });
  afterAll(() => p?.stop());

  const myGigTitles = async (token: string) => {
    const mine = await p.api.call(marketplaceRoutes.listGigs, { query: { mine: 'true', limit: 100 }, token });
    return mine.gigs.map((g) => g.title);
  };

  it('answers the same key and body with the first result, and writes once', async () => {
    const key = randomUUID();
    const gig = buildGig({ title: `Once only ${key.slice(0, 8)}` });
    const first = await p.api.send(marketplaceRoutes.createGig, { token: ada.token, body: gig, idempotencyKey: key });
    const again = await p.api.send(marketplaceRoutes.createGig, { token: ada.token, body: gig, idempotencyKey: key });
    expect(first.status).toBe(201);
    expect(first.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    expect(again.status).toBe(201);
    expect(again.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await myGigTitles(ada.token)).filter((t) => t === gig.title)).toHaveLength(1);
  });

  it('refuses the same key with a different body (422) and writes nothing for it', async () => {
    const key = randomUUID();
    const gig = buildGig({ title: `First body ${key.slice(0, 8)}` });
    expect((await p.api.send(marketplaceRoutes.createGig, { token: ada.token, body: gig, idempotencyKey: key })).status).toBe(201);
    const other = { ...gig, title: `Second body ${key.slice(0, 8)}` };
    const refused = await p.api.send(marketplaceRoutes.createGig, { token: ada.token, body: other, idempotencyKey: key });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ success: false, error: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await myGigTitles(ada.token)).not.toContain(other.title);
  });

  it('keeps one caller’s keys apart from another’s', async () => {
    const key = randomUUID();
    const gig = buildGig({ title: `Shared key ${key.slice(0, 8)}` });
    const adas = await p.api.send(marketplaceRoutes.createGig, { token: ada.token, body: gig, idempotencyKey: key });
    const bobs = await p.api.send(marketplaceRoutes.createGig, { token: bob.token, body: gig, idempotencyKey: key });
    expect([adas.status, bobs.status]).toEqual([201, 201]);
    expect(bobs.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    expect(bobs.body.gig.id).not.toBe(adas.body.gig.id);
  });

  it('refuses a malformed key with 400 naming the header, and writes nothing', async () => {
    const gig = buildGig({ title: `Bad key ${randomUUID().slice(0, 8)}` });
    const refused = await p.api.send(marketplaceRoutes.createGig, { token: ada.token, body: gig, idempotencyKey: 'x'.repeat(256) });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([expect.objectContaining({ field: 'Idempotency-Key' })]);
    expect(await myGigTitles(ada.token)).not.toContain(gig.title);
  });

  it('takes over a key whose holder died before committing, once its lease is over', async () => {
    const key = randomUUID();
    const gig = buildGig({ title: `Taken over ${key.slice(0, 8)}` });
    expect((await p.api.send(marketplaceRoutes.createGig, { token: ada.token, body: gig, idempotencyKey: key })).status).toBe(201);
    // The record as a replica leaves it when it dies after claiming the key and before committing anything.
    const leaseEnds = Date.now() + 1_000;
    const keys = p.database.forSchema('marketplace');
    await keys
      .updateTable('idempotency_keys')
      .set({ owner: randomUUID(), committed: false, status: null, answer: null, locked_until: new Date(leaseEnds) })
      .where('key', '=', key)
      .execute();
    const repeat = await p.api.send(marketplaceRoutes.createGig, { token: ada.token, body: gig, idempotencyKey: key });
    expect(Date.now()).toBeGreaterThanOrEqual(leaseEnds);
    expect(repeat.status).toBe(201);
    expect(repeat.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    const row = await keys.selectFrom('idempotency_keys').select(['committed', 'status']).where('key', '=', key).execute();
    expect(row).toEqual([{ committed: true, status: 201 }]);
  });

  it('forgets a key after 24 hours: the same key then writes again', async () => {
    const key = randomUUID();
    const gig = buildGig({ title: `Kept a day ${key.slice(0, 8)}` });
    const kept = randomUUID();
    for (const k of [key, kept])
      expect(
        (
          await p.api.send(marketplaceRoutes.createGig, {
            token: ada.token,
            body: { ...gig, title: `${gig.title} ${k}` },
            idempotencyKey: k,
          })
        ).status,
      ).toBe(201);
    const keys = p.database.forSchema('marketplace');
    await keys
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 24 * 3_600_000 - 60_000) })
      .where('key', '=', key)
      .execute();
    await p.services.marketplace.jobs?.['idempotency-keys-cleanup']?.runNow();
    expect((await keys.selectFrom('idempotency_keys').select('key').where('key', 'in', [key, kept]).execute()).map((r) => r.key)).toEqual([
      kept,
    ]);
    const again = await p.api.send(marketplaceRoutes.createGig, {
      token: ada.token,
      body: { ...gig, title: `${gig.title} ${key}` },
      idempotencyKey: key,
    });
    expect(again.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    expect((await myGigTitles(ada.token)).filter((t) => t === `${gig.title} ${key}`)).toHaveLength(2);
  });

  it('gives concurrent requests with the same key one write and the same answer', async () => {
    const key = randomUUID();
    const gig = buildGig({ title: `Concurrent ${key.slice(0, 8)}` });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => p.api.send(marketplaceRoutes.createGig, { token: ada.token, body: gig, idempotencyKey: key })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.body.gig.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get(IDEMPOTENT_REPLAYED_HEADER) === null)).toHaveLength(1);
    expect((await myGigTitles(ada.token)).filter((t) => t === gig.title)).toHaveLength(1);
  });

  it('holds in a group commit: each registration once, each repeat answered as its first', async () => {
    const event = await p.api.call(eventsRoutes.createEvent, { token: ada.token, body: buildEvent({ maxAttendees: 50 }) });
    const people = await Promise.all(Array.from({ length: 4 }, (_, i) => buildUser(p, `Attendee ${i}`)));
    const keys = people.map(() => randomUUID());
    // Each person's registration sent twice at once, all of them together: they share transactions.
    const answers = await Promise.all(
      [...people, ...people].map((person, i) =>
        p.api.send(eventsRoutes.register, { token: person.token, params: { id: event.data.id }, idempotencyKey: keys[i % people.length] }),
      ),
    );
    expect(answers.every((a) => a.status >= 200 && a.status < 300)).toBe(true);
    expect(answers.slice(people.length).map((a) => a.body)).toEqual(answers.slice(0, people.length).map((a) => a.body));
    const after = await p.api.call(eventsRoutes.getEvent, { params: { id: event.data.id } });
    expect(after.data.attendeeCount).toBe(people.length);
  });

  describe('a replica that dies before answering', () => {
    const relays: Server[] = [];
    afterAll(() => Promise.all(relays.map((server) => new Promise((resolve) => server.close(resolve)))));

    /**
     * A replica in front of `target` that breaks every connection: `after-commit` passes the request
     * on and cuts the connection as the answer comes (the write is done, its answer lost), `before-read`
     * cuts it at once (nothing reached the service).
     */
    const dyingReplica = async (target: string, when: 'after-commit' | 'before-read') => {
      const { port, hostname } = new URL(target);
      const server = createServer((client: Socket) => {
        client.on('error', () => {});
        if (when === 'before-read') return void client.once('data', () => client.destroy());
        const upstream = connect(Number(port), hostname);
        upstream.on('error', () => client.destroy());
        client.pipe(upstream);
        upstream.once('data', () => {
          upstream.destroy();
          client.destroy();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      relays.push(server);
      const address = server.address() as { port: number };
      return `http://127.0.0.1:${address.port}`;
    };

    /** A gateway whose marketplace and messaging each have the dying replica first, the real one second. */
    const gatewayWith = async (when: 'after-commit' | 'before-read') => {
      const services: Record<string, string | string[]> = Object.fromEntries(
        Object.entries(p.services).map(([name, part]) => [name, part.url]),
      );
      services.marketplace = [await dyingReplica(p.services.marketplace.url, when), p.services.marketplace.url];
      const gateway = await createGateway({
        log: testLogger(),
        verifier: remoteTokenVerifier([p.services.identity.url]),
        services,
        rateLimit: { max: 10_000, authMax: 10_000 },
      });
      const url = await gateway.listen({ host: '127.0.0.1', port: 0 });
      return { url, close: () => gateway.close() };
    };

    for (const when of ['after-commit', 'before-read'] as const) {
      it(`answers the write from the other replica, done once (${when})`, async () => {
        const gateway = await gatewayWith(when);
        try {
          const api = createApiClient({ baseUrl: gateway.url, token: () => ada.token });
          const gig = buildGig({ title: `Survived ${when} ${randomUUID().slice(0, 8)}` });
          // The first request of a new gateway goes to the first replica: the dying one.
          const answer = await api.send(marketplaceRoutes.createGig, { body: gig });
          expect(answer.status).toBe(201);
          expect(answer.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe(when === 'after-commit' ? 'true' : null);
          expect((await myGigTitles(ada.token)).filter((t) => t === gig.title)).toHaveLength(1);
        } finally {
          await gateway.close();
        }
      });
    }

    it('gives a write sent without a key one of its own, so its retry is done once', async () => {
      const gateway = await gatewayWith('after-commit');
      try {
        const gig = buildGig({ title: `Keyless ${randomUUID().slice(0, 8)}` });
        const res = await fetch(`${gateway.url}${marketplaceRoutes.createGig.url}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ada.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(gig),
        });
        expect(res.status).toBe(201);
        expect(res.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
        expect((await myGigTitles(ada.token)).filter((t) => t === gig.title)).toHaveLength(1);
      } finally {
        await gateway.close();
      }
    });
  });

  it('keeps channel posts once under repeats with the same key', async () => {
    const channel = await p.api.call(messagingRoutes.createChannel, {
      token: ada.token,
      body: { name: `keys-${randomUUID().slice(0, 6)}`, type: 'private' },
    });
    const keys = Array.from({ length: 5 }, () => randomUUID());
    const answers = await Promise.all(
      [...keys, ...keys].map((key, i) =>
        p.api.send(messagingRoutes.postChannelMessage, {
          token: ada.token,
          params: { id: channel.data.id },
          body: { content: `Post ${i % keys.length}` },
          idempotencyKey: key,
        }),
      ),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(keys.length);
    const listed = await p.api.call(messagingRoutes.channelMessages, { token: ada.token, params: { id: channel.data.id } });
    expect(listed.data.messages).toHaveLength(keys.length);
  });
});
