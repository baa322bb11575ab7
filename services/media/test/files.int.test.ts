import { mediaRoutes, pathOf } from '@commonwork/contracts';
import { buildUser, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MB = 1024 * 1024;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
// A ZIP holding one stored file, "a.txt" with "hi" (local header, central directory, end record).
const zip = Buffer.from(
  '504b03041400000000002f447a5dac2a93d8020000000200000005000000612e7478746869504b010214031400000000002f447a5dac2a93d8020000' +
    '0002000000050000000000000000000000800100000000612e747874504b0506000000000100010033000000250000000000',
  'hex',
);

describe('files sent with messages, through the gateway', () => {
  let p: TestPlatform;
  let ada: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    p = await startTestPlatform();
    ada = await buildUser(p, 'Ada Sender');
  });
  afterAll(() => p.stop());

  const upload = (bytes: Uint8Array, name: string, options: { mime?: string; token?: string | null } = {}) => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: options.mime ?? 'application/octet-stream' }), name);
    const token = options.token === undefined ? ada.token : options.token;
    return p.api.send(mediaRoutes.uploadFile, { token, body: form });
  };
  const stored = async () => {
    const count = (table: 'media.files' | 'media.file_contents') =>
      p.database.root
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
    return [Number((await count('media.files')).n), Number((await count('media.file_contents')).n)];
  };

  it.each([
    ['a PDF', pdf, 'Q3 report.pdf', 'pdf', 'application/pdf'],
    ['a ZIP', zip, 'sources.zip', 'zip', 'application/zip'],
    ['plain text', Buffer.from('Notes from the meetup: ünïcödé is fine.\n'), 'notes.txt', 'txt', 'text/plain; charset=utf-8'],
    // The name says nothing: a PDF sent as notes.txt is a PDF.
    ['a PDF under a text name', pdf, 'notes.txt', 'pdf', 'application/pdf'],
  ])('stores %s read from its bytes and serves it only as a download', async (_, bytes, name, format, contentType) => {
    const res = await upload(bytes, name, { mime: 'text/html' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'File uploaded successfully', name, format, bytes: bytes.length });
    expect(res.body.url).toBe(pathOf(mediaRoutes.file.url, { file: `${res.body.public_id}.${format}` }));

    const served = await fetch(`${p.url}${res.body.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(contentType);
    expect(served.headers.get('content-disposition')).toBe(`attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('names the download safely: no path, a fallback for other alphabets, the real name in filename*', async () => {
    const res = await upload(pdf, '../../etc/Résumé; v2 (final).pdf');
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('Résumé; v2 (final).pdf');
    const served = await fetch(`${p.url}${res.body.url}`);
    expect(served.headers.get('content-disposition')).toBe(
      `attachment; filename="R_sum_; v2 (final).pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%3B%20v2%20%28final%29.pdf`,
    );
  });

  it('refuses what is not a PDF, text or ZIP, an empty file and one over 10 MB, naming the field, and stores nothing', async () => {
    const before = await stored();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    const invalid = 'Invalid file type. Only PDF, plain text and ZIP files are supported.';
    const cases: [string, Uint8Array, string, string][] = [
      ['an HTML page renamed .pdf', Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'), 'invoice.pdf', invalid],
      ['an SVG renamed .txt', Buffer.from('  <svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'notes.txt', invalid],
      ['an image (images go through the image upload)', png, 'photo.pdf', invalid],
      ['binary bytes', Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe]), 'data.txt', invalid],
      ['invalid UTF-8', Buffer.from([0x48, 0x69, 0xc3, 0x28]), 'data.txt', invalid],
      ['an empty file', new Uint8Array(0), 'empty.txt', 'File appears to be corrupted or empty.'],
      [
        'a PDF over 10 MB',
        Buffer.concat([pdf, Buffer.alloc(10 * MB + 1 - pdf.length, 0x20)]),
        'big.pdf',
        'File size too large. Maximum size is 10MB.',
      ],
    ];
    for (const [what, bytes, name, message] of cases) {
      const res = await upload(bytes, name);
      expect(res.status, what).toBe(400);
      expect(res.body, what).toMatchObject({ success: false, message, details: [{ field: 'file', message }] });
    }
    expect(await stored()).toEqual(before);
  });

  it('takes uploads only from someone signed in, and answers 404 for a file that is not there', async () => {
    expect((await upload(pdf, 'a.pdf', { token: null })).status).toBe(401);
    const missing = pathOf(mediaRoutes.file.url, { file: '0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f.pdf' });
    expect((await fetch(`${p.url}${missing}`)).status).toBe(404);
  });
});
