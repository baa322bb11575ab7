import { describe, expect, it } from 'vitest';
import { detectFileFormat } from './detect.ts';

const bytes = (text: string) => Buffer.from(text);

describe('what a file is, from its bytes', () => {
  it('finds a PDF, a ZIP (an empty one too) and plain UTF-8 text', () => {
    expect(detectFileFormat(bytes('%PDF-1.7\n...'))).toBe('pdf');
    expect(detectFileFormat(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toBe('zip');
    expect(detectFileFormat(Buffer.from([0x50, 0x4b, 0x05, 0x06, 0, 0, 0, 0]))).toBe('zip');
    expect(detectFileFormat(bytes('Hello, 世界 — a < b and 3 > 2\n'))).toBe('txt');
    expect(detectFileFormat(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes('with a byte order mark')]))).toBe('txt');
  });

  it('refuses markup a browser would draw, whatever it is called', () => {
    for (const markup of [
      '<!DOCTYPE html><p>hi',
      '\n  <html>',
      '<svg onload="x"/>',
      '<?xml version="1.0"?>',
      '<!-- c -->',
      '<script>x</script>',
    ])
      expect(detectFileFormat(bytes(markup)), markup).toBeNull();
    expect(detectFileFormat(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes('<html>')]))).toBeNull();
  });

  it('refuses binary bytes: a NUL, invalid UTF-8, an image', () => {
    expect(detectFileFormat(bytes('text\u0000more'))).toBeNull();
    expect(detectFileFormat(Buffer.from([0x61, 0xc3, 0x28]))).toBeNull();
    expect(detectFileFormat(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    // Not at the start: a PDF signature further in does not make a PDF.
    expect(detectFileFormat(bytes('hello %PDF-1.4'))).toBe('txt');
  });
});
