import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, marketplaceRoutes } from '@commonwork/contracts';
import { watchStatements } from '@commonwork/kit';
import { buildGig, buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A gig's creation answers from its write (docs/decisions/kit/keyed-write-in-one-statement.md): the
 * answer is built from the decided event before the write, so an Idempotency-Key is recorded with
 * it in the statement that writes the gig. A replica killed once that statement committed leaves
 * its repeat the answer (the fault suite's kill -9), where an answer stored after the write left a
 * key with none, and every repeat waited 8 s for a 409.
 */
describe('the answer of a gig creation', () => {
  let p: TestPlatform;
  let ada: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    p = await startTestPlatform();
    ada = await buildUser(p, 'Ada Answers');
    // The freelancer's card reaches marketplace through identity's event.
    await eventually(async () => (await create()).json().gig?.freelancer.name === 'Ada Answers');
  }, 180_000);
  afterAll(() => p?.stop());

  const create = (body: object = buildGig(), headers: Record<string, string> = {}) =>
    p.services.marketplace.app.inject({
      method: 'POST',
      url: marketplaceRoutes.createGig.url,
      headers: { authorization: `Bearer ${ada.token}`, ...headers },
      payload: body,
    });

  it('is the gig as reading it back gives it', async () => {
    for (const status of ['active', 'draft'] as const) {
      const created = await create(buildGig({ title: `Answered ${status}`, tags: ['react', 'vite'], status }));
      expect(created.statusCode).toBe(201);
      const { gig, message } = created.json();
      expect(message).toBe(status === 'draft' ? 'Gig saved as draft!' : 'Gig published successfully!');
      const read = await p.api.send(marketplaceRoutes.getGig, { params: { id: gig.id }, token: ada.token });
      expect(read.status).toBe(200);
      // Read back by its owner, who has not favourited it (the answer, as before, says nothing of favourites).
      const { isFavorite, ...readBack } = read.body.gig;
      expect(isFavorite).toBe(false);
      expect(gig).toEqual(readBack);
    }
  });

  it('of an edit too: the gig as reading it back gives it, whether the edit changed it or not', async () => {
    const gig = (await create(buildGig({ title: 'Before its edit', tags: ['one'] }))).json().gig;
    const edit = (body: ReturnType<typeof buildGig>) =>
      p.api.send(marketplaceRoutes.updateGig, { params: { id: gig.id }, token: ada.token, body });
    const drafted = buildGig({ title: 'After its edit', tags: ['two', 'three'], status: 'draft' });
    // The second time, the same fields: nothing decided, the gig as it was.
    for (const body of [drafted, drafted, buildGig({ title: 'Published again', price: 120, status: 'active' })]) {
      const edited = await edit(body);
      expect(edited.status).toBe(200);
      expect(edited.body.message).toBe('Gig updated successfully!');
      const { isFavorite: _isFavorite, ...readBack } = (
        await p.api.call(marketplaceRoutes.getGig, { params: { id: gig.id }, token: ada.token })
      ).gig;
      expect(edited.body.gig).toEqual(readBack);
    }
    const bob = await buildUser(p, 'Bob Not Owner');
    const refused = await p.api.send(marketplaceRoutes.updateGig, { params: { id: gig.id }, token: bob.token, body: buildGig() });
    expect(refused.status).toBe(403);
  });

  it('is recorded under its Idempotency-Key by the statement that writes the gig, and replayed to a repeat', async () => {
    const key = 'key-of-an-answered-gig';
    const body = buildGig({ title: 'Keyed once' });
    const watch = watchStatements();
    const first = await create(body, { [IDEMPOTENCY_KEY_HEADER]: key }).finally(() => watch.stop());
    expect(first.statusCode).toBe(201);
    const names = (value: unknown, text: string) => (Array.isArray(value) ? value : [value]).some((v) => String(v).includes(text));
    const naming = watch.stop().filter((s) => s.parameters.some((value) => names(value, key)));
    // One statement names the key: the write's (kit_write), with the answer; none stores it after.
    expect(naming.map((s) => s.sql.match(/kit_write|idempotency_keys/)?.[0])).toEqual(['kit_write']);
    expect(naming[0]?.parameters.some((value) => names(value, first.json().gig.id))).toBe(true);

    const repeat = await create(body, { [IDEMPOTENCY_KEY_HEADER]: key });
    expect(repeat.statusCode).toBe(201);
    expect(repeat.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(repeat.json()).toEqual(first.json());
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from marketplace.gigs where title = 'Keyed once'`.execute(
      p.database.root,
    );
    expect(rows[0]?.n).toBe(1);
  });
});
