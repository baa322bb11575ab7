import type { FileFormat } from './file.ts';

const PDF = Buffer.from('%PDF-');
// A ZIP begins with a local file header, or, when it holds nothing, with its end record.
const ZIP = [Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from([0x50, 0x4b, 0x05, 0x06])];
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * What a file's bytes are, from their first bytes (never its name or the type it claims): PDF
 * (`%PDF-`), ZIP (`PK\3\4`, or an empty archive's `PK\5\6`), or plain text: valid UTF-8 with no
 * NUL, and not markup: a text whose first character opens a tag (`<html`, `<svg`, `<?xml`, `<!--`)
 * is HTML, SVG or XML, which a browser would draw, so it is no plain text. Null: none of them.
 */
export function detectFileFormat(bytes: Buffer): FileFormat | null {
  if (bytes.subarray(0, PDF.length).equals(PDF)) return 'pdf';
  if (ZIP.some((magic) => bytes.subarray(0, magic.length).equals(magic))) return 'zip';
  if (bytes.includes(0)) return null;
  let text: string;
  try {
    text = strictUtf8.decode(bytes.subarray(0, UTF8_BOM.length).equals(UTF8_BOM) ? bytes.subarray(UTF8_BOM.length) : bytes);
  } catch {
    return null;
  }
  return /^\s*<[a-z!?/]/i.test(text) ? null : 'txt';
}
