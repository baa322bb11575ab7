import { IMAGE_FORMATS, UPLOAD_MESSAGES, UPLOAD_RULES, type UploadType } from '@commonwork/contracts';
import { createError } from '@commonwork/kit';
import sharp, { type Metadata } from 'sharp';
import type { ImageFormat } from './image.ts';

export const UnsupportedImage = createError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.invalidType, 415);
export const EmptyFile = createError('EMPTY_FILE', UPLOAD_MESSAGES.empty, 400);
export const FileTooLarge = createError('FILE_TOO_LARGE', 'File too large', 413);
export const BadDimensions = createError('BAD_DIMENSIONS', 'Image dimensions are out of range', 400);

export interface ProcessedImage {
  content: Buffer;
  format: ImageFormat;
  width: number;
  height: number;
}

const isAllowed = (format: string | undefined): format is ImageFormat => (IMAGE_FORMATS as readonly string[]).includes(format ?? '');

/**
 * Reads what the bytes are (never the name or the claimed type), checks them against the type's
 * rules, and re-encodes them, which drops EXIF, GPS and any other metadata. The header is read
 * before anything is decoded, and sharp refuses to decode more pixels than the type allows, so a
 * small file claiming 40000x40000 pixels costs a header read.
 */
export async function processImage(input: Buffer, type: UploadType): Promise<ProcessedImage> {
  const rules = UPLOAD_RULES[type];
  if (input.length === 0) throw EmptyFile();
  if (input.length > rules.maxBytes) throw FileTooLarge(UPLOAD_MESSAGES.tooLarge(rules.maxBytes));
  const limitInputPixels = rules.maxWidth * rules.maxHeight;

  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw UnsupportedImage();
  }
  if (!isAllowed(meta.format)) throw UnsupportedImage();
  // Animated images report the height of all frames together; one frame's is what is shown.
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width < rules.minWidth || height < rules.minHeight || width > rules.maxWidth || height > rules.maxHeight)
    throw BadDimensions(
      `Image must be between ${rules.minWidth}x${rules.minHeight} and ${rules.maxWidth}x${rules.maxHeight} pixels (this one is ${width}x${height})`,
      [
        {
          field: 'file',
          message: `Image must be between ${rules.minWidth}x${rules.minHeight} and ${rules.maxWidth}x${rules.maxHeight} pixels`,
        },
      ],
    );

  const format = meta.format;
  try {
    const { data, info } = await sharp(input, { limitInputPixels: limitInputPixels * (meta.pages ?? 1), animated: format === 'gif' })
      // EXIF orientation is applied to the pixels, because the tag that carried it is dropped.
      .autoOrient()
      .toFormat(format)
      .toBuffer({ resolveWithObject: true });
    return { content: data, format, width: info.width, height: info.pageHeight ?? info.height };
  } catch {
    // A header that reads as an image over a body that does not decode is a corrupt file.
    throw EmptyFile();
  }
}
