// The media domain's rules and sentences, without zod: the upload picker and image URLs need these; the
// schemas stay with the servers that validate.
const MB = 1024 * 1024;

/** What an upload is for: each has its own size and dimension rule. */
export const UPLOAD_TYPES = ['generic', 'profile', 'event', 'gig'] as const;

/** Size caps and pixel bounds per upload type. Generic images have no dimension rule in the spec. */
export const UPLOAD_RULES: Record<
  (typeof UPLOAD_TYPES)[number],
  { maxBytes: number; minWidth: number; minHeight: number; maxWidth: number; maxHeight: number }
> = {
  generic: { maxBytes: 10 * MB, minWidth: 1, minHeight: 1, maxWidth: 10_000, maxHeight: 10_000 },
  profile: { maxBytes: 5 * MB, minWidth: 100, minHeight: 100, maxWidth: 2_000, maxHeight: 2_000 },
  event: { maxBytes: 8 * MB, minWidth: 300, minHeight: 200, maxWidth: 3_000, maxHeight: 2_000 },
  gig: { maxBytes: 6 * MB, minWidth: 200, minHeight: 150, maxWidth: 2_500, maxHeight: 1_500 },
};

/**
 * The most pixels one image may decode to, every frame of an animation counted: 25 megapixels (a
 * 6000x4000 camera photo fits), about 100 MB once decoded. A type's own bound is lower where its
 * largest picture is smaller; a generic image may be 10000 pixels on a side, but not on both.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;

/**
 * Files other than images, sent with messages (issue 29): what their bytes must be (never the name
 * or the claimed type), the type each is served as, and their size cap.
 */
export const FILE_FORMATS = ['pdf', 'txt', 'zip'] as const;
export const FILE_CONTENT_TYPES = { pdf: 'application/pdf', txt: 'text/plain; charset=utf-8', zip: 'application/zip' } as const;
export const MAX_FILE_BYTES = 10 * MB;

/** The most bytes any upload may have: the gateway and the media service refuse bigger bodies before reading them. */
export const MAX_UPLOAD_BYTES = Math.max(MAX_FILE_BYTES, ...Object.values(UPLOAD_RULES).map((r) => r.maxBytes));

/** Formats sharp must find in the bytes; the name and the claimed type are never trusted. */
export const IMAGE_FORMATS = ['jpeg', 'png', 'gif', 'webp'] as const;

/** Server messages (spec 000 §5). */
export const UPLOAD_MESSAGES = {
  invalidType: 'Invalid file type. Only JPEG, PNG, GIF, and WebP images are supported.',
  empty: 'File appears to be corrupted or empty.',
  tooLarge: (maxBytes: number) => `File size too large. Maximum size is ${Math.round(maxBytes / MB)}MB.`,
  publicIdRequired: 'Public ID is required',
  uploaded: 'Image uploaded successfully',
  deleted: 'Image deleted successfully',
} as const;

/** Messages of the web's upload component (spec 000 §8, spec 001 §5, §8), word for word. */
export const UPLOAD_CLIENT_MESSAGES = {
  timeout: 'Upload timed out. Please try again.',
  tooLarge: 'File too large. Please choose a smaller image.',
  unsupported: 'Unsupported file type. Please upload an image file.',
  failed: 'Failed to upload image',
  notSuccessful: 'Upload failed',
  deleteFailed: 'Failed to delete image',
  uploaded: 'Image uploaded successfully',
  pickTooLarge: (maxMb: number) => `File size should be less than ${maxMb}MB`,
  pickInvalidType: 'Invalid file type. Please upload an image file.',
} as const;

/** Where the gateway serves a stored image: immutable, so browsers and proxies keep it. */
export const MEDIA_PATH_PREFIX = '/api/media/';

/** Where the gateway serves a stored file, always as a download. */
export const MEDIA_FILES_PATH_PREFIX = '/api/media/files/';

/** Server messages of file uploads. */
export const FILE_MESSAGES = {
  invalidType: 'Invalid file type. Only PDF, plain text and ZIP files are supported.',
  tooLarge: `File size too large. Maximum size is ${Math.round(MAX_FILE_BYTES / MB)}MB.`,
  uploaded: 'File uploaded successfully',
} as const;
