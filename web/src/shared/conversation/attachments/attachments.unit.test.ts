import { describe, expect, it } from 'vitest';
import { formatBytes, kindOf, refusalOf, shownSize } from './attachments.ts';

const MB = 1024 * 1024;

describe('what the attach button lets through', () => {
  it('sends images as images and PDF, text and ZIP as files, by type or by name', () => {
    expect(kindOf({ name: 'a.png', size: 1, type: 'image/png' })).toBe('image');
    expect(kindOf({ name: 'report.pdf', size: 1, type: 'application/pdf' })).toBe('other');
    expect(kindOf({ name: 'notes.TXT', size: 1, type: '' })).toBe('other');
    expect(kindOf({ name: 'src.zip', size: 1, type: 'application/x-zip-compressed' })).toBe('other');
    expect(kindOf({ name: 'page.html', size: 1, type: 'text/html' })).toBeNull();
    expect(kindOf({ name: 'logo.svg', size: 1, type: 'image/svg+xml' })).toBeNull();
  });

  it('refuses another type and more than 10 MB', () => {
    expect(refusalOf({ name: 'a.exe', size: 1, type: 'application/x-msdownload' })).toBe('type');
    expect(refusalOf({ name: 'a.pdf', size: 10 * MB + 1, type: 'application/pdf' })).toBe('size');
    expect(refusalOf({ name: 'a.jpg', size: 10 * MB, type: 'image/jpeg' })).toBeNull();
  });
});

describe('an image’s box', () => {
  it('keeps its proportions within 320x240, and never grows a small one', () => {
    expect(shownSize(1280, 720)).toEqual({ width: 320, height: 180 });
    expect(shownSize(300, 1200)).toEqual({ width: 60, height: 240 });
    expect(shownSize(100, 50)).toEqual({ width: 100, height: 50 });
  });
});

describe('a file’s size', () => {
  it('reads as bytes, kB or MB in the language shown', () => {
    expect(formatBytes(512, 'en')).toBe('512 bytes');
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
    expect(formatBytes(3.25 * MB, 'de')).toBe('3,3 MB');
  });
});
