import { describe, expect, it } from 'vitest';
import { PICTURE_CHECK_MESSAGES, pictureError } from './picture.ts';

describe('the profile picture check', () => {
  it('takes jpeg, jpg, png and webp up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/jpg', 'image/png', 'image/webp']) expect(pictureError({ type, size: 1024 })).toBeNull();
    expect(pictureError({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
  });

  it('refuses other types, empty files and bigger ones, in the spec’s words', () => {
    expect(pictureError({ type: 'image/gif', size: 10 })).toBe(PICTURE_CHECK_MESSAGES.invalidType());
    expect(PICTURE_CHECK_MESSAGES.invalidType()).toBe('Invalid file type. Allowed types: image/jpeg, image/jpg, image/png, image/webp');
    expect(pictureError({ type: 'image/png', size: 0 })).toBe('File appears to be empty or corrupted');
    expect(pictureError({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('File size too large. Maximum size: 5MB');
  });
});
