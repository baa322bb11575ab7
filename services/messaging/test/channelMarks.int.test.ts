import { messagingRoutes } from '@commonwork/contracts';
import { buildUser, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type User = Awaited<ReturnType<typeof buildUser>>;

// Issue 29 item 6: Pin and Star, per person, persisted.
describe('PUT and DELETE /api/chat/channels/:id/pin and /star through the gateway', () => {
  let p: TestPlatform;
  let ada: User;
  let bob: User;
  let eve: User;
  let publicId: string;
  let privateId: string;

  beforeAll(async () => {
    p = await startTestPlatform();
    [ada, bob, eve] = [await buildUser(p, 'Ada Pinner'), await buildUser(p, 'Bob Member'), await buildUser(p, 'Eve Outsider')];
    const create = async (name: string, type: 'public' | 'private') =>
      (await p.api.call(messagingRoutes.createChannel, { token: ada.token, body: { name, type } })).data.id;
    publicId = await create('pinboard', 'public');
    privateId = await create('war-room', 'private');
    const link = await p.api.call(messagingRoutes.joinLink, { params: { id: privateId }, token: ada.token });
    expect((await p.api.send(messagingRoutes.joinByLink, { params: { joinLink: link.data.joinLink }, token: bob.token })).status).toBe(200);
  });
  afterAll(() => p?.stop());

  const mark = (route: 'pinChannel' | 'unpinChannel' | 'starChannel' | 'unstarChannel', id: string, token?: string) =>
    p.api.send(messagingRoutes[route], { params: { id }, token });
  const marksIn = async (user: User) =>
    (await p.api.call(messagingRoutes.listChannels, { token: user.token })).data.map(({ id, isPinned, isStarred }) => ({
      id,
      isPinned,
      isStarred,
    }));

  it('starts with nothing pinned or starred', async () => {
    expect(await marksIn(ada)).toEqual(
      expect.arrayContaining([
        { id: publicId, isPinned: false, isStarred: false },
        { id: privateId, isPinned: false, isStarred: false },
      ]),
    );
  });

  it('pins and stars a channel for the caller, answering their marks, and lists it so after a reload', async () => {
    expect(await mark('pinChannel', publicId, bob.token)).toMatchObject({
      status: 200,
      body: { success: true, data: { channelId: publicId, isPinned: true, isStarred: false } },
    });
    expect(await mark('starChannel', publicId, bob.token)).toMatchObject({
      status: 200,
      body: { data: { channelId: publicId, isPinned: true, isStarred: true } },
    });
    expect(await mark('starChannel', privateId, bob.token)).toMatchObject({
      status: 200,
      body: { data: { isPinned: false, isStarred: true } },
    });
    const listed = await marksIn(bob);
    expect(listed).toContainEqual({ id: publicId, isPinned: true, isStarred: true });
    expect(listed).toContainEqual({ id: privateId, isPinned: false, isStarred: true });
  });

  it('is idempotent: pinning or starring again changes nothing, nor does unpinning what is not pinned', async () => {
    expect(await mark('pinChannel', publicId, bob.token)).toMatchObject({
      status: 200,
      body: { data: { isPinned: true, isStarred: true } },
    });
    expect(await mark('starChannel', publicId, bob.token)).toMatchObject({
      status: 200,
      body: { data: { isPinned: true, isStarred: true } },
    });
    expect(await mark('unpinChannel', privateId, bob.token)).toMatchObject({
      status: 200,
      body: { data: { isPinned: false, isStarred: true } },
    });
    expect(await marksIn(bob)).toContainEqual({ id: publicId, isPinned: true, isStarred: true });
  });

  it('unpins and unstars, each keeping the other mark', async () => {
    expect(await mark('unpinChannel', publicId, bob.token)).toMatchObject({
      status: 200,
      body: { data: { isPinned: false, isStarred: true } },
    });
    expect(await marksIn(bob)).toContainEqual({ id: publicId, isPinned: false, isStarred: true });
    expect(await mark('unstarChannel', publicId, bob.token)).toMatchObject({
      status: 200,
      body: { data: { isPinned: false, isStarred: false } },
    });
    expect(await marksIn(bob)).toContainEqual({ id: publicId, isPinned: false, isStarred: false });
  });

  it('leaves everyone else’s list as it was', async () => {
    expect(await mark('pinChannel', privateId, bob.token)).toMatchObject({ status: 200 });
    expect(await marksIn(ada)).toEqual(
      expect.arrayContaining([
        { id: publicId, isPinned: false, isStarred: false },
        { id: privateId, isPinned: false, isStarred: false },
      ]),
    );
    expect(await marksIn(eve)).toContainEqual({ id: publicId, isPinned: false, isStarred: false });
  });

  it('answers 404 for a private channel the caller is not in, and for no channel, marking nothing', async () => {
    for (const route of ['pinChannel', 'unpinChannel', 'starChannel', 'unstarChannel'] as const) {
      expect(await mark(route, privateId, eve.token)).toMatchObject({ status: 404, body: { message: 'Channel not found' } });
    }
    expect(await mark('pinChannel', '00000000-0000-4000-8000-000000000404', eve.token)).toMatchObject({ status: 404 });
    expect((await marksIn(eve)).map((c) => c.id)).not.toContain(privateId);
  });

  it('pins a public channel for someone who is not a member', async () => {
    expect(await mark('pinChannel', publicId, eve.token)).toMatchObject({ status: 200, body: { data: { isPinned: true } } });
    expect(await marksIn(eve)).toContainEqual({ id: publicId, isPinned: true, isStarred: false });
  });

  it('refuses an anonymous caller (401) and a channel id that is not a UUID (400)', async () => {
    expect((await mark('pinChannel', publicId)).status).toBe(401);
    expect((await mark('unstarChannel', publicId)).status).toBe(401);
    expect(await mark('starChannel', 'not-a-uuid', ada.token)).toMatchObject({
      status: 400,
      body: { message: 'Channel id must be a UUID' },
    });
  });
});
