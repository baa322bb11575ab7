import { buildUser, expectRebuildReproduces, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projections } from '../src/index.ts';

describe('media rebuild', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(() => p.stop());

  it('replays image events (stored, deleted) into exactly what the live path built, and serves the kept bytes after', async () => {
    const ada = await buildUser(p);
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: 'teal' } })
      .png()
      .toBuffer();
    const upload = async () => {
      const form = new FormData();
      form.append('file', new Blob([png], { type: 'image/png' }), 'a.png');
      const res = await fetch(`${p.url}/api/upload/upload?type=event`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ada.token}` },
        body: form,
      });
      return (await res.json()) as { url: string; public_id: string };
    };
    const kept = await upload();
    const removed = await upload();
    const del = await fetch(`${p.url}/api/upload/delete/${removed.public_id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(del.status).toBe(200);
    await expectRebuildReproduces(p.database, projections);
    expect((await fetch(`${p.url}${kept.url}`)).status).toBe(200);
    expect((await fetch(`${p.url}${removed.url}`)).status).toBe(404);
  });
});
