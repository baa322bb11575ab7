import { messagingRoutes } from '@commonwork/contracts';
import { buildUser, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type User = Awaited<ReturnType<typeof buildUser>>;

// The check realtime makes before putting a socket in a channel's room.
describe(`${messagingRoutes.channelAccess.method} ${messagingRoutes.channelAccess.url} through the gateway`, () => {
  let p: TestPlatform;
  let ada: User;
  let bob: User;
  let eve: User;
  let publicId: string;
  let privateId: string;

  beforeAll(async () => {
    p = await startTestPlatform();
    [ada, bob, eve] = [await buildUser(p, 'Ada Admin'), await buildUser(p, 'Bob Member'), await buildUser(p, 'Eve Outsider')];
    const create = async (name: string, type: 'public' | 'private') =>
      (await p.api.call(messagingRoutes.createChannel, { token: ada.token, body: { name, type } })).data.id;
    publicId = await create('open-doors', 'public');
    privateId = await create('back-room', 'private');
    const link = await p.api.call(messagingRoutes.joinLink, { params: { id: privateId }, token: ada.token });
    expect((await p.api.send(messagingRoutes.joinByLink, { params: { joinLink: link.data.joinLink }, token: bob.token })).status).toBe(200);
  });
  afterAll(() => p?.stop());

  const access = (id: string, token?: string) => p.api.send(messagingRoutes.channelAccess, { params: { id }, token });

  it('answers readable for a public channel, to anyone signed in, member or not', async () => {
    for (const user of [ada, eve]) {
      expect(await access(publicId, user.token)).toMatchObject({ status: 200, body: { success: true, data: { readable: true } } });
    }
  });

  it('answers readable for a private channel to its members', async () => {
    for (const user of [ada, bob]) {
      expect(await access(privateId, user.token)).toMatchObject({ status: 200, body: { success: true, data: { readable: true } } });
    }
  });

  it('answers 404 Channel not found for a private channel to a non-member, as for a channel that does not exist', async () => {
    expect(await access(privateId, eve.token)).toMatchObject({ status: 404, body: { message: 'Channel not found' } });
    expect(await access('00000000-0000-4000-8000-000000000404', eve.token)).toMatchObject({
      status: 404,
      body: { message: 'Channel not found' },
    });
  });

  it('refuses a caller without a token, and a channel id that is not a UUID', async () => {
    expect((await access(publicId)).status).toBe(401);
    expect(await access('not-a-uuid', ada.token)).toMatchObject({ status: 400, body: { message: 'Channel id must be a UUID' } });
  });
});
