import type { FileFormat } from './file.ts';

const MAX_NAME = 200;

/**
 * The name a file is kept and downloaded under: the last segment of what the browser sent (a path
 * is never kept), without control characters, at most 200 characters; `file.<format>` when nothing
 * is left.
 */
export function cleanFileName(sent: string | undefined, format: FileFormat): string {
  const last = (sent ?? '').split(/[/\\]/).at(-1) ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return [...clean].slice(0, MAX_NAME).join('') || `file.${format}`;
}

/**
 * `Content-Disposition` for a download: always `attachment` (the browser saves it, never draws it),
 * with an ASCII fallback name for old clients and the real one in RFC 5987's `filename*`.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
