import { type Attachment, type AttachmentRequest, MAX_FILE_BYTES, UPLOAD_RULES } from '@commonwork/contracts';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const FILE_TYPES = ['application/pdf', 'text/plain', 'application/zip', 'application/x-zip-compressed'];
const FILE_EXTENSIONS = ['.pdf', '.txt', '.zip'];

/** What the file picker offers: images, PDF, text and ZIP (by type, and by name where a system gives no type). */
export const ATTACH_ACCEPT = [...IMAGE_TYPES, ...FILE_TYPES, ...FILE_EXTENSIONS].join(',');

export type PickedFile = Pick<File, 'name' | 'size' | 'type'>;

/**
 * How a picked file travels: an image through the image upload (checked and re-encoded), a PDF,
 * text or ZIP through the file upload; null when it is none of them. The server reads the bytes
 * again: this only spares a person an upload that would be refused.
 */
export function kindOf(file: PickedFile): 'image' | 'other' | null {
  if (IMAGE_TYPES.includes(file.type)) return 'image';
  const name = file.name.toLowerCase();
  if (FILE_TYPES.includes(file.type) || FILE_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'other';
  return null;
}

/** Why a picked file is not sent: its type, or its size (images up to the generic upload's cap, files up to 10 MB). */
export function refusalOf(file: PickedFile): 'type' | 'size' | null {
  const kind = kindOf(file);
  if (!kind) return 'type';
  const max = kind === 'image' ? UPLOAD_RULES.generic.maxBytes : MAX_FILE_BYTES;
  return file.size > max ? 'size' : null;
}

/** The box an image is drawn in: its own proportions, at most `max` (narrower screens shrink it further by CSS). */
export function shownSize(width: number, height: number, max = { width: 320, height: 240 }) {
  const scale = Math.min(1, max.width / width, max.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A file's size as people read it: bytes (the word, not a bare B), kB or MB in the language shown. */
export function formatBytes(bytes: number, locale: string): string {
  const [value, unit] =
    bytes < 1024 ? [bytes, 'byte'] : bytes < 1024 * 1024 ? [bytes / 1024, 'kilobyte'] : [bytes / (1024 * 1024), 'megabyte'];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: unit === 'byte' ? 'long' : 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

/** What a message names of its attachments on the wire: the server takes the rest from the uploads. */
export const attachmentRequests = (attachments: readonly Attachment[] = []): AttachmentRequest[] =>
  attachments.map(({ type, url, name }) => ({ type, url, name }));
