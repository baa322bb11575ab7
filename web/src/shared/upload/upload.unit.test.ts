import { describe, expect, it } from 'vitest';
import { pickError, uploadFailureMessage } from './upload.ts';

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
