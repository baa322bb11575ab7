import { marketplaceRoutes, mediaRoutes } from '@commonwork/contracts';
import { buildUser, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A GIF of `frames` frames of `width` x `height` pixels, each frame one colour (red, then black, in
 * turn, so an encoder cannot merge them), written by hand:
 * LZW codes a run of one colour in a few bits per thousand pixels, so 10000x10000 pixels take 67 KB,
 * a decompression bomb's shape (issue 33). After a clear the encoder's table names runs one pixel
 * longer each time (code 6 is two pixels, 7 three, ...); its codes are the colour (one pixel), 6, 7, 8, ...
 */
function singleColourGif(width: number, height: number, frames: number): Buffer {
  const CLEAR = 4;
  const END = 5;
  const lzw = (pixels: number, colour: number) => {
    const bytes: number[] = [];
    let buffer = 0;
    let bits = 0;
    let size = 3;
    const emit = (code: number) => {
      buffer |= code << bits;
      bits += size;
      while (bits >= 8) {
        bytes.push(buffer & 0xff);
        buffer >>>= 8;
        bits -= 8;
      }
    };
    emit(CLEAR);
    let next = END + 1;
    let longest = 1;
    for (let left = pixels; left > 0; ) {
      const run = Math.min(longest, left);
      emit(run === 1 ? colour : run + 4);
      left -= run;
      if (left === 0) break;
      // As omggif and giflib do: a full table is cleared, else the next run is added (widening codes first).
      if (next === 4096) {
        emit(CLEAR);
        next = END + 1;
        size = 3;
        longest = 1;
      } else {
        if (next >= 1 << size) size++;
        next++;
        longest++;
      }
    }
    emit(END);
    if (bits > 0) bytes.push(buffer & 0xff);
    const blocks: number[] = [2];
    for (let i = 0; i < bytes.length; i += 255) {
      const block = bytes.slice(i, i + 255);
      blocks.push(block.length, ...block);
    }
    blocks.push(0);
    return Buffer.from(blocks);
  };
  const u16 = (n: number) => [n & 0xff, n >> 8];
  const coded = [lzw(width * height, 0), lzw(width * height, 1)];
  const parts: Buffer[] = [
    Buffer.from('GIF89a', 'latin1'),
    // Logical screen, a global table of two colours (red, black), then looping for ever.
    Buffer.from([...u16(width), ...u16(height), 0x80, 0, 0, 255, 0, 0, 0, 0, 0]),
    Buffer.from([0x21, 0xff, 11, ...Buffer.from('NETSCAPE2.0', 'latin1'), 3, 1, 0, 0, 0]),
  ];
  for (let i = 0; i < frames; i++)
    parts.push(Buffer.from([0x21, 0xf9, 4, 0, 10, 0, 0, 0, 0x2c, 0, 0, 0, 0, ...u16(width), ...u16(height), 0]), coded[i % 2] as Buffer);
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}

/** Samples the process's resident memory until stopped; answers the most it saw above where it started. */
function watchMemory() {
  const start = process.memoryUsage.rss();
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage.rss()) - start;
  };
}

const MB = 1024 * 1024;

describe('image decoding within a pixel and a time budget (issue 33)', () => {
  let p: TestPlatform;
  let ada: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    p = await startTestPlatform();
    ada = await buildUser(p, 'Ada Uploader');
    // The first listing of a fresh platform pays for its cold start; the timings below are of warm ones.
    for (let i = 0; i < 3; i++) await p.api.send(marketplaceRoutes.listGigs, { query: {} });
  });
  afterAll(() => p.stop());

  const upload = (bytes: Uint8Array) => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/gif' }), 'picture.gif');
    return p.api.send(mediaRoutes.upload, { query: { type: 'generic' }, token: ada.token, body: form });
  };

  /**
   * Lists gigs every 100 ms (without waiting for the one before) from the start of `work` until it
   * ends, at least five times; answers the median listing's milliseconds. A stalled process makes
   * most of them wait; a moment's load on a shared machine makes a few slow, which the median ignores.
   */
  const medianListingWhile = async (work: Promise<unknown>) => {
    let done = false;
    void work.finally(() => {
      done = true;
    });
    const listings: Promise<number>[] = [];
    while (!done || listings.length < 5) {
      const started = performance.now();
      listings.push(
        p.api.send(marketplaceRoutes.listGigs, { query: {} }).then((res) => {
          expect(res.status).toBe(200);
          return performance.now() - started;
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const times = (await Promise.all(listings)).sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)] as number;
  };

  it('the hand-made GIF is what it claims: 10000x10000 pixels of one colour in 67 KB', async () => {
    const bomb = singleColourGif(10_000, 10_000, 1);
    expect(bomb.length).toBeLessThan(70_000);
    const small = await sharp(singleColourGif(40, 30, 2), { animated: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([small.info.width, small.info.height, small.info.pages]).toEqual([40, 60, 2]);
    expect([...small.data.subarray(0, 3)]).toEqual([255, 0, 0]);
    expect([...small.data.subarray(-3)]).toEqual([0, 0, 0]);
    expect((await sharp(bomb).metadata()).width).toBe(10_000);
  });

  it('refuses four 10000x10000 GIF bombs at once from their headers, memory bounded, a listing answering meanwhile', async () => {
    const bomb = singleColourGif(10_000, 10_000, 1);
    const grown = watchMemory();
    const uploads = Promise.all([1, 2, 3, 4].map(() => upload(bomb)));
    const listing = await medianListingWhile(uploads);
    const growth = grown();
    for (const res of await uploads) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Image must be at most 25 megapixels, every frame counted (this one is 100)');
      expect(res.body.details).toEqual([{ field: 'file', message: 'Image must be at most 25 megapixels, every frame counted' }]);
    }
    expect(listing).toBeLessThan(1_000);
    expect(growth).toBeLessThan(500 * MB);
  });

  it('counts every frame: ten frames that each fit but together pass the budget are refused', async () => {
    const res = await upload(singleColourGif(2_000, 2_000, 10));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Image must be at most 25 megapixels, every frame counted (this one is 40)');
  });

  it('keeps an animation within the budget, every frame', async () => {
    const res = await upload(singleColourGif(400, 300, 3));
    expect(res.status).toBe(201);
    expect([res.body.width, res.body.height]).toEqual([400, 300]);
    const stored = await fetch(`${p.url}${res.body.url}`);
    const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect([meta.format, meta.pages]).toEqual(['gif', 3]);
  });

  it('decodes four large images sent at once one after another: memory bounded, a listing answering meanwhile', async () => {
    const large = singleColourGif(4_800, 4_800, 1);
    const grown = watchMemory();
    const uploads = Promise.all([1, 2, 3, 4].map(() => upload(large)));
    const listing = await medianListingWhile(uploads);
    const growth = grown();
    for (const res of await uploads) expect(res.status).toBe(201);
    expect(listing).toBeLessThan(1_000);
    expect(growth).toBeLessThan(500 * MB);
  });
});
