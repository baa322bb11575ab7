import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pickError } from './rules.ts';
import { uploadFailureMessage, uploadImage } from './upload.ts';

describe('the upload rules the picker applies', () => {
  it('takes an event image of an allowed type up to 5 MB', () => {
    expect(pickError({ size: 5 * 1024 * 1024, type: 'image/webp' }, 'event')).toBeNull();
  });

  it('refuses other types and bigger files with the spec words', () => {
    expect(pickError({ size: 10, type: 'image/gif' }, 'event')).toBe('Invalid file type. Please upload an image file.');
    expect(pickError({ size: 10, type: 'application/pdf' }, 'generic')).toBe('Invalid file type. Please upload an image file.');
    expect(pickError({ size: 5 * 1024 * 1024 + 1, type: 'image/png' }, 'event')).toBe('File size should be less than 5MB');
  });
});

describe('upload failure messages (spec 000 §8)', () => {
  it.each([
    [{ timedOut: true }, 'Upload timed out. Please try again.'],
    [{ status: 413, serverMessage: 'File size too large. Maximum size is 8MB.' }, 'File too large. Please choose a smaller image.'],
    [{ status: 415 }, 'Unsupported file type. Please upload an image file.'],
    [{ status: 400, serverMessage: 'File appears to be corrupted or empty.' }, 'File appears to be corrupted or empty.'],
    [{ status: 500 }, 'Failed to upload image'],
  ])('%j gives %s', (failure, message) => {
    expect(uploadFailureMessage(failure)).toBe(message);
  });
});

/** Just enough of XMLHttpRequest to drive one upload from the test. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  timeout = 0;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

describe('uploadImage', () => {
  const file = new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' });
  const sent = () => {
    if (!FakeXhr.last) throw new Error('nothing was sent');
    return FakeXhr.last;
  };

  beforeEach(() => {
    FakeXhr.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const stored = new Map([['token', 'tok']]);
    vi.stubGlobal('localStorage', { getItem: (key: string) => stored.get(key) ?? null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('posts the file in the field `file` with the type, folder, bearer token and 30 s timeout, and reports progress', async () => {
    const progress: number[] = [];
    const done = uploadImage(file, 'event', 'events', (p) => progress.push(p));
    const xhr = sent();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/upload/upload?type=event&folder=events');
    expect(xhr.timeout).toBe(30_000);
    expect(xhr.headers.authorization).toBe('Bearer tok');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 });
    const answer = { success: true, message: 'Image uploaded successfully', url: '/api/media/x.png', public_id: 'x' };
    xhr.answer(201, { ...answer, width: 1, height: 1, format: 'png', bytes: 3 });
    await expect(done).resolves.toMatchObject({ url: '/api/media/x.png', public_id: 'x' });
    expect(progress).toEqual([25]);
  });

  it('rejects with the spec message for each failure', async () => {
    const cases: [(xhr: FakeXhr) => void, string][] = [
      [(xhr) => xhr.ontimeout?.(), 'Upload timed out. Please try again.'],
      [(xhr) => xhr.answer(413, '<html>too big</html>'), 'File too large. Please choose a smaller image.'],
      [(xhr) => xhr.answer(415, { message: 'nope' }), 'Unsupported file type. Please upload an image file.'],
      [(xhr) => xhr.answer(400, { message: 'File appears to be corrupted or empty.' }), 'File appears to be corrupted or empty.'],
      [(xhr) => xhr.answer(200, { success: false }), 'Upload failed'],
      [(xhr) => xhr.onerror?.(), 'Failed to upload image'],
    ];
    for (const [fail, message] of cases) {
      const done = uploadImage(file, 'event');
      fail(sent());
      await expect(done).rejects.toThrow(message);
    }
  });
});
