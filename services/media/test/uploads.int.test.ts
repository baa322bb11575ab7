import { type CallInput, mediaRoutes, pathOf } from '@commonwork/contracts';
import { buildUser, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** CRC-32 of PNG chunks (ISO 3309), to forge a header sharp will believe. */
function crc32(bytes: Uint8Array) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A real 1x1 PNG whose header claims `width` x `height` pixels: a decompression bomb's shape. */
async function pngClaiming(width: number, height: number) {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: 'white' } })
      .png()
      .toBuffer(),
  );
  // Signature (8), IHDR length (4), "IHDR" (4), then width and height.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

const image = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 90 } } })
    .toFormat(format)
    .toBuffer();

describe('uploads through the gateway', () => {
  let p: TestPlatform;
  let ada: Awaited<ReturnType<typeof buildUser>>;
  let bob: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    p = await startTestPlatform();
    [ada, bob] = await Promise.all([buildUser(p, 'Ada Uploader'), buildUser(p, 'Bob Other')]);
  });
  afterAll(() => p.stop());

  /** `token: null` uploads signed out. */
  const upload = (
    bytes: Uint8Array,
    options: { token?: string | null; name?: string; mime?: string; query?: CallInput<typeof mediaRoutes.upload>['query'] } = {},
  ) => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: options.mime ?? 'image/png' }), options.name ?? 'picture.png');
    const token = options.token === undefined ? ada.token : options.token;
    return p.api.send(mediaRoutes.upload, { query: options.query ?? { type: 'generic' }, token, body: form });
  };
  const remove = (publicId: string, token: string) => p.api.send(mediaRoutes.deleteUpload, { params: { publicId }, token });
  const storedImages = async () =>
    Number(
      (
        await p.database.root
          .selectFrom('media.images')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const storedFiles = async () =>
    Number(
      (
        await p.database.root
          .selectFrom('media.image_files')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores an image read from its bytes, re-encoded without metadata, served as immutable', async () => {
    const withGps = await sharp({ create: { width: 640, height: 480, channels: 3, background: 'orange' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Ada', Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    // Claimed PNG under a .gif name: neither is believed.
    const res = await upload(withGps, { name: 'holiday.gif', mime: 'image/png', query: { type: 'event', folder: 'events' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Image uploaded successfully', width: 640, height: 480, format: 'jpeg' });
    expect(res.body.url).toBe(pathOf(mediaRoutes.image.url, { file: `${res.body.public_id}.jpeg` }));

    const served = await fetch(`${p.url}${res.body.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.length).toBe(res.body.bytes);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it.each(['png', 'webp', 'gif'] as const)('accepts %s', async (format) => {
    const res = await upload(await image(320, 240, format));
    expect(res.status).toBe(201);
    expect(res.body.format).toBe(format);
  });

  it('refuses every bad upload with its status and message, and stores nothing', async () => {
    const [images, files] = [await storedImages(), await storedFiles()];
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400"/></svg>');
    const cases: [string, Promise<{ status: number; body: { message: string } }>, number, string][] = [
      [
        'renamed text',
        upload(Buffer.from('just some text, not an image at all'), { name: 'photo.png' }),
        415,
        'Invalid file type. Only JPEG, PNG, GIF, and WebP images are supported.',
      ],
      [
        'svg',
        upload(svg, { name: 'logo.svg', mime: 'image/svg+xml' }),
        415,
        'Invalid file type. Only JPEG, PNG, GIF, and WebP images are supported.',
      ],
      ['empty', upload(new Uint8Array(0)), 400, 'File appears to be corrupted or empty.'],
      ['over the generic cap', upload(new Uint8Array(10 * 1024 * 1024 + 1)), 413, 'File size too large. Maximum size is 10MB.'],
      [
        'over the profile cap',
        upload(new Uint8Array(5 * 1024 * 1024 + 1), { query: { type: 'profile' } }),
        413,
        'File size too large. Maximum size is 5MB.',
      ],
      [
        'a 40000x40000 header',
        upload(await pngClaiming(40_000, 40_000)),
        400,
        'Image must be between 1x1 and 10000x10000 pixels (this one is 40000x40000)',
      ],
      [
        'an event image too small',
        upload(await image(200, 100), { query: { type: 'event' } }),
        400,
        'Image must be between 300x200 and 3000x2000 pixels (this one is 200x100)',
      ],
      ['signed out', upload(await image(320, 240), { token: null }), 401, 'Authentication required'],
    ];
    for (const [name, answer, status, message] of cases) {
      const res = await answer;
      expect(res.status, name).toBe(status);
      expect(res.body.message, name).toBe(message);
    }
    expect([await storedImages(), await storedFiles()]).toEqual([images, files]);
  });

  it('deletes for the owner only, after which the URL answers 404', async () => {
    const { body } = await upload(await image(320, 240));
    const other = await remove(body.public_id, bob.token);
    expect(other.status).toBe(403);
    expect((await fetch(`${p.url}${body.url}`)).status).toBe(200);

    const own = await remove(body.public_id, ada.token);
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ success: true, message: 'Image deleted successfully' });
    expect((await fetch(`${p.url}${body.url}`)).status).toBe(404);
    const again = await remove(body.public_id, ada.token);
    expect(again.status).toBe(404);

    // An empty id: the path ends at the slash.
    const bare = await remove('', ada.token);
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe('Public ID is required');
  });
});
