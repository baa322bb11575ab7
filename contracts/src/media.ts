import { z } from 'zod';
import { FILE_FORMATS, IMAGE_FORMATS, MEDIA_PATH_PREFIX, UPLOAD_MESSAGES, UPLOAD_TYPES } from './mediaCatalog.ts';
import { isHttpUrl } from './webUrl.ts';

/** Where an upload is used; each has its size cap and dimension limits (spec 000 §5, §9). */
export const UploadType = z.enum(UPLOAD_TYPES);
export type UploadType = z.infer<typeof UploadType>;

/** An image reference other services store: an absolute http(s) URL or one of our media paths. */
export const ImageUrl = z
  .string()
  .trim()
  .max(1_000)
  .refine((value) => value.startsWith(MEDIA_PATH_PREFIX) || isHttpUrl(value), 'Enter a valid image URL');

export const UploadQuery = z.object({
  type: z.union([z.literal(''), UploadType]).optional(),
  folder: z
    .string()
    .trim()
    .max(60)
    .regex(/^[A-Za-z0-9_/-]*$/, 'Folder may contain letters, digits, dashes, underscores and slashes only')
    .optional(),
});
export type UploadQuery = z.infer<typeof UploadQuery>;

export const UploadResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  url: z.string(),
  public_id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  format: z.enum(IMAGE_FORMATS),
  bytes: z.number().int(),
});
export type UploadResponse = z.infer<typeof UploadResponse>;

/** A public id is the image's UUID (its folder is kept beside it, not in the id, so paths need no encoding). */
export const DeleteUploadParams = z.object({
  publicId: z.string().trim().min(1, UPLOAD_MESSAGES.publicIdRequired).max(200),
});
export const DeleteUploadResponse = z.object({ success: z.literal(true), message: z.string() });

export const MediaParams = z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.(jpeg|png|gif|webp)$/, 'Not a media file') });

/** A file other than an image, stored: served at `url` as a download named `name`. */
export const FileUploadResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  url: z.string(),
  public_id: z.string(),
  name: z.string(),
  format: z.enum(FILE_FORMATS),
  bytes: z.number().int(),
});
export type FileUploadResponse = z.infer<typeof FileUploadResponse>;

export const MediaFileParams = z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.(pdf|txt|zip)$/, 'Not a media file') });
