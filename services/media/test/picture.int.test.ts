import { identityRoutes, mediaRoutes } from '@commonwork/contracts';
import { buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type User = Awaited<ReturnType<typeof buildUser>>;

describe('a profile picture through the gateway', () => {
  let p: TestPlatform;
  let ada: User;
  let bob: User;

  beforeAll(async () => {
    p = await startTestPlatform();
    [ada, bob] = await Promise.all([buildUser(p, 'Ada Picture'), buildUser(p, 'Bob Other')]);
  });
  afterAll(() => p?.stop());

  const uploadProfileImage = async (token: string, colour: string) => {
    const bytes = await sharp({ create: { width: 400, height: 400, channels: 3, background: colour } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'me.png');
    const res = await p.api.send(mediaRoutes.upload, { query: { type: 'profile', folder: 'profiles' }, token, body: form });
    expect(res.status).toBe(201);
    return res.body;
  };
  const setPicture = (user: User, image: { url: string; public_id: string }, token = user.token) =>
    p.api.send(identityRoutes.updatePicture, {
      params: { id: user.id },
      token,
      body: { picture: image.url, picturePublicId: image.public_id },
    });
  const served = async (url: string) => (await fetch(`${p.url}${url}`)).status;

  it('sets the picture, and deletes the one it replaces', async () => {
    const first = await uploadProfileImage(ada.token, 'teal');
    const set = await setPicture(ada, first);
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ success: true, message: 'Profile picture updated successfully' });
    expect(set.body.user).toMatchObject({ picture: first.url, picturePublicId: first.public_id });

    const second = await uploadProfileImage(ada.token, 'orange');
    expect((await setPicture(ada, second)).body.user.picture).toBe(second.url);
    // Media deletes the replaced image once it hears of the change.
    await eventually(async () => (await served(first.url)) === 404);
    expect(await served(second.url)).toBe(200);
    expect((await p.api.call(identityRoutes.userById, { params: { id: ada.id }, token: bob.token })).user.picture).toBe(second.url);
  });

  it("is only its owner's to change, and an image of someone else's is never deleted for them", async () => {
    const bobs = await uploadProfileImage(bob.token, 'navy');
    expect((await setPicture(ada, bobs, bob.token)).status).toBe(403);
    // Ada points her picture at Bob's image, then replaces it: Bob's image stays.
    expect((await setPicture(ada, bobs)).status).toBe(200);
    const next = await uploadProfileImage(ada.token, 'gold');
    expect((await setPicture(ada, next)).status).toBe(200);
    // One more change: once its replaced image is gone, media has read the change before it too.
    expect((await setPicture(ada, await uploadProfileImage(ada.token, 'plum'))).status).toBe(200);
    await eventually(async () => (await served(next.url)) === 404);
    expect(await served(bobs.url)).toBe(200);
  });

  it('refuses a picture that is not an image address, and changes nothing', async () => {
    const res = await p.api.send(identityRoutes.updatePicture, {
      params: { id: ada.id },
      token: ada.token,
      body: { picture: 'javascript:alert(1)', picturePublicId: 'x' },
    });
    expect(res.status).toBe(400);
    expect(res.body.details?.[0]).toMatchObject({ field: 'picture' });
  });
});
