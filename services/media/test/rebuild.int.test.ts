import { mediaRoutes } from '@commonwork/contracts';
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

  it('replays image events (stored, deleted) and file events into exactly what the live path built, and serves the kept bytes after', async () => {
    const ada = await buildUser(p);
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: 'teal' } })
      .png()
      .toBuffer();
    const upload = async () => {
      const form = new FormData();
      form.append('file', new Blob([png], { type: 'image/png' }), 'a.png');
      return p.api.call(mediaRoutes.upload, { query: { type: 'event' }, token: ada.token, body: form });
    };
    const kept = await upload();
    const removed = await upload();
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'agenda.pdf');
    const file = await p.api.call(mediaRoutes.uploadFile, { token: ada.token, body: form });
    const del = await p.api.send(mediaRoutes.deleteUpload, { params: { publicId: removed.public_id }, token: ada.token });
    expect(del.status).toBe(200);
    await expectRebuildReproduces(p.database, projections);
    expect((await fetch(`${p.url}${kept.url}`)).status).toBe(200);
    expect((await fetch(`${p.url}${removed.url}`)).status).toBe(404);
    expect((await fetch(`${p.url}${file.url}`)).headers.get('content-disposition')).toContain('agenda.pdf');
  });
});
