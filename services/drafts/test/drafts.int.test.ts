import { randomUUID } from 'node:crypto';
import { type CallInput, DRAFT_DATA_MAX_BYTES, draftsRoutes, eventsRoutes, marketplaceRoutes } from '@commonwork/contracts';
import { remoteTokenVerifier, startService } from '@commonwork/kit';
import {
  buildEvent,
  buildGig,
  buildUser,
  eventually,
  expectRebuildReproduces,
  startTestPlatform,
  type TestPlatform,
  testLogger,
} from '@commonwork/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftsService, projections } from '../src/index.ts';

type User = Awaited<ReturnType<typeof buildUser>>;
type CreateDraft = CallInput<typeof draftsRoutes.create>['body'];

describe('drafts through the gateway', () => {
  let p: TestPlatform;
  let ada: User;
  let bob: User;

  beforeAll(async () => {
    p = await startTestPlatform();
    [ada, bob] = await Promise.all([buildUser(p, 'Ada Drafter'), buildUser(p, 'Bob Other')]);
  });
  afterAll(() => p.stop());

  const create = (token: string, body: CreateDraft) => p.api.send(draftsRoutes.create, { token, body });
  /** A body the contract refuses, sent on purpose to see the refusal. */
  const createRefused = (token: string, body: Record<string, unknown>) => p.api.sendUnchecked(draftsRoutes.create, { token, body });
  const get = (id: string, token?: string) => p.api.send(draftsRoutes.get, { params: { id }, token });
  const list = async (token: string, type?: CreateDraft['type']) => (await p.api.call(draftsRoutes.list, { query: { type }, token })).data;
  const save = (id: string, token: string, body: CallInput<typeof draftsRoutes.update>['body']) =>
    p.api.send(draftsRoutes.update, { params: { id }, token, body });
  const remove = (id: string, token?: string) => p.api.send(draftsRoutes.remove, { params: { id }, token });
  /** The event form half done, as the form keeps it: nested objects, lists, empty strings, numbers. */
  const eventForm = () => ({
    ...buildEvent({ title: 'Half-planned meetup' }),
    maxAttendees: 40,
    tags: ['ts'],
    extra: { a: [1, { b: null }] },
  });

  it('keeps a form exactly as it was sent, and answers the spec shapes', async () => {
    const form = eventForm();
    const created = await create(ada.token, { type: 'event', title: '  Half-planned meetup  ', data: form });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ success: true, message: 'Draft saved successfully' });
    const draft = created.body.data;
    expect(draft).toMatchObject({ _id: draft.id, type: 'event', title: 'Half-planned meetup', version: 1 });

    const read = await get(draft.id, ada.token);
    expect(read.status).toBe(200);
    // Every value, nested ones, empty strings and nulls included (JSON keeps no key order).
    expect(read.body.data.data).toStrictEqual(form);

    const listed = await list(ada.token);
    expect(listed).toEqual([
      {
        _id: draft.id,
        id: draft.id,
        type: 'event',
        title: 'Half-planned meetup',
        version: 1,
        lastModified: draft.lastModified,
        createdAt: draft.createdAt,
      },
    ]);
  });

  it('filters by type and lists the last changed first', async () => {
    const gig = (await create(ada.token, { type: 'gig', title: 'Logo gig', data: buildGig() })).body.data;
    const event = (await create(ada.token, { type: 'event', title: 'Second event', data: eventForm() })).body.data;
    const all = (await list(ada.token)).map((d) => d.id);
    expect(all.slice(0, 2)).toEqual([event.id, gig.id]);
    const gigs = await list(ada.token, 'gig');
    expect(gigs.map((d) => d.id)).toEqual([gig.id]);
    expect((await p.api.sendUnchecked(draftsRoutes.list, { query: { type: 'poem' }, token: ada.token })).status).toBe(400);
  });

  it('refuses a blank title, a wrong type and a form too large, and stores nothing', async () => {
    const before = (await list(ada.token)).length;
    const blank = await create(ada.token, { type: 'gig', title: '   ', data: {} });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain('Title is required to save draft');
    expect((await createRefused(ada.token, { type: 'poem', title: 'x', data: {} })).status).toBe(400);
    expect((await createRefused(ada.token, { type: 'gig', title: 'x', data: 'not a form' })).status).toBe(400);
    const huge = await create(ada.token, { type: 'event', title: 'Huge', data: { description: 'x'.repeat(DRAFT_DATA_MAX_BYTES) } });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ success: false, error: 'DRAFT_TOO_LARGE', details: [{ field: 'data' }] });
    expect(await list(ada.token)).toHaveLength(before);
  });

  it('creates a draft under the id its form chose once: the same create again, or many at once, answer that one draft', async () => {
    const id = randomUUID();
    const body: CreateDraft = { id, type: 'gig', title: 'Retried gig', data: { description: 'first words' } };
    const first = await create(ada.token, body);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ id, version: 1, title: 'Retried gig' });

    // A retry (the answer was lost, the tab was frozen mid-save) writes nothing and answers what is stored.
    const again = await create(ada.token, { ...body, data: { description: 'later words' } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true, data: { id, version: 1, data: { description: 'first words' } } });

    // Many at once with one new id: one draft.
    const raced = randomUUID();
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => create(ada.token, { id: raced, type: 'event', title: 'Raced', data: { n } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.data.id))).toEqual(new Set([raced]));
    const titles = (await list(ada.token)).map((d) => d.id);
    expect(titles.filter((d) => d === id || d === raced)).toHaveLength(2);

    // Someone else's id is refused and theirs stays as it was; a deleted draft's id is not reused.
    const taken = await create(bob.token, { ...body, title: 'Not yours' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ success: false, error: 'DRAFT_ID_TAKEN' });
    expect(taken.body).not.toHaveProperty('draft');
    expect((await get(id, ada.token)).body.data.title).toBe('Retried gig');
    await remove(id, ada.token);
    expect((await create(ada.token, body)).status).toBe(404);
    expect((await create(ada.token, { ...body, id: 'not-a-uuid' })).status).toBe(400);
  });

  it("is nobody else's: 404 to anyone but its owner, for reading, saving and deleting", async () => {
    const draft = (await create(ada.token, { type: 'gig', title: 'Private', data: { price: 5 } })).body.data;
    expect((await get(draft.id, bob.token)).status).toBe(404);
    expect((await save(draft.id, bob.token, { title: 'Mine now', data: {} })).status).toBe(404);
    expect((await remove(draft.id, bob.token)).status).toBe(404);
    expect(await list(bob.token)).toEqual([]);
    expect((await get(draft.id, ada.token)).body.data).toMatchObject({
      title: 'Private',
      data: { price: 5 },
    });
    expect((await p.api.send(draftsRoutes.list)).status).toBe(401);
  });

  it('never lets a save from an older version overwrite a newer one', async () => {
    const draft = (await create(ada.token, { type: 'event', title: 'Two tabs', data: { description: 'v1' } })).body.data;
    // Tab A saves from version 1: version 2.
    const first = await save(draft.id, ada.token, { title: 'Two tabs', data: { description: 'from A' }, version: 1 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: 'Draft updated successfully', data: { version: 2, data: { description: 'from A' } } });
    // Tab B still had version 1: refused, with what A saved, and nothing written.
    const stale = await save(draft.id, ada.token, { title: 'B wins?', data: { description: 'from B' }, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      success: false,
      error: 'DRAFT_CHANGED',
      draft: { version: 2, title: 'Two tabs', data: { description: 'from A' } },
    });
    expect((await get(draft.id, ada.token)).body.data.data).toEqual({ description: 'from A' });
    // Having seen A's version, B saves on top of it.
    const merged = await save(draft.id, ada.token, { title: 'Two tabs', data: { description: 'A and B' }, version: 2 });
    expect(merged.body.data).toMatchObject({ version: 3, data: { description: 'A and B' } });
  });

  it('lets two saves from the same version race: exactly one lands', async () => {
    const draft = (await create(ada.token, { type: 'gig', title: 'Race', data: { n: 0 } })).body.data;
    const saves = await Promise.all([1, 2, 3].map((n) => save(draft.id, ada.token, { title: 'Race', data: { n }, version: 1 })));
    expect(saves.map((s) => s.status).sort()).toEqual([200, 409, 409]);
    const winner = saves.find((s) => s.status === 200)?.body.data.data;
    expect((await get(draft.id, ada.token)).body.data).toMatchObject({ version: 2, data: winner });

    // Many saves with no version at once: each lands or is told to try again; none fails, none is lost unseen.
    const crowd = await Promise.all(Array.from({ length: 8 }, (_, n) => save(draft.id, ada.token, { title: 'Race', data: { n } })));
    expect(crowd.every((s) => s.status === 200 || (s.status === 409 && s.body.error === 'STALE_VERSION'))).toBe(true);
    const landed = crowd.filter((s) => s.status === 200).length;
    expect((await get(draft.id, ada.token)).body.data.version).toBe(2 + landed);
  });

  it("takes spec 001's save without a version (the last save wins), and deletes", async () => {
    const draft = (await create(ada.token, { type: 'gig', title: 'Old client', data: { price: 1 } })).body.data;
    const saved = await save(draft.id, ada.token, { title: 'Old client', data: { price: 2 } });
    expect(saved.body.data).toMatchObject({ version: 2, data: { price: 2 } });
    const deleted = await remove(draft.id, ada.token);
    expect(deleted.body).toEqual({ success: true, message: 'Draft deleted successfully' });
    expect((await get(draft.id, ada.token)).status).toBe(404);
    expect((await remove(draft.id, ada.token)).status).toBe(404);
    await expectRebuildReproduces(p.database, projections);
  });

  it('removes a draft once the gig or event written from it is published, and only then', async () => {
    const read = (id: string, token = ada.token) => get(id, token);
    const eventDraft = (await create(ada.token, { type: 'event', title: 'To publish', data: eventForm() })).body.data;
    const gigDraft = (await create(ada.token, { type: 'gig', title: 'To publish', data: buildGig() })).body.data;
    const kept = (await create(ada.token, { type: 'event', title: 'Saved as a draft event', data: eventForm() })).body.data;
    const notBobs = (await create(ada.token, { type: 'gig', title: "Ada's", data: buildGig() })).body.data;

    const published = await p.api.send(eventsRoutes.createEvent, {
      token: ada.token,
      body: buildEvent({ status: 'published', draftId: eventDraft.id }),
    });
    expect(published.status).toBe(201);
    expect((await p.api.send(marketplaceRoutes.createGig, { token: ada.token, body: buildGig({ draftId: gigDraft.id }) })).status).toBe(
      201,
    );
    // An event kept as a draft is not published: its saved draft stays. Nobody removes someone else's draft.
    expect(
      (await p.api.send(eventsRoutes.createEvent, { token: ada.token, body: buildEvent({ status: 'draft', draftId: kept.id }) })).status,
    ).toBe(201);
    expect((await p.api.send(marketplaceRoutes.createGig, { token: bob.token, body: buildGig({ draftId: notBobs.id }) })).status).toBe(201);

    await eventually(async () => (await read(eventDraft.id)).status === 404 && (await read(gigDraft.id)).status === 404);
    // The published event and gig carry nothing of the draft id.
    expect(published.body.data).not.toHaveProperty('draftId');
    // Bob's publication has been handled too (three publications in all), and Ada's draft stays.
    await eventually(async () => {
      const { rows } = await sql<{ n: string }>`select count(*) as n from drafts.processed_events`.execute(p.database.root);
      return Number(rows[0]?.n) >= 3;
    });
    expect((await read(kept.id)).status).toBe(200);
    expect((await read(notBobs.id)).status).toBe(200);
  });

  it('removes the draft after a crash between the publication and the removal', async () => {
    const draft = (await create(ada.token, { type: 'event', title: 'Published while drafts was down', data: eventForm() })).body.data;
    // Drafts is down when the event is published: the publication waits on its durable consumer.
    await p.services.drafts.stop();
    expect(
      (await p.api.send(eventsRoutes.createEvent, { token: ada.token, body: buildEvent({ status: 'published', draftId: draft.id }) }))
        .status,
    ).toBe(201);
    const stored = () => sql<{ id: string }>`select id from drafts.drafts where id = ${draft.id}`.execute(p.database.root);
    expect((await stored()).rows).toHaveLength(1);

    const restarted = await startService(draftsService(), {
      database: p.database,
      bus: p.bus,
      log: testLogger(),
      verifier: remoteTokenVerifier([p.services.identity.url]),
    });
    try {
      await eventually(async () => (await stored()).rows.length === 0);
    } finally {
      await restarted.stop();
    }
  });
});
