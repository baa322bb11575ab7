import { IMAGE_FORMATS, MAX_IMAGE_PIXELS, UPLOAD_MESSAGES, UPLOAD_RULES, type UploadType } from '@commonwork/contracts';
import { createError } from '@commonwork/kit';
import sharp, { type Metadata } from 'sharp';
import type { ImageFormat } from './image.ts';
import { jobPool } from './pool.ts';

export const UnsupportedImage = createError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.invalidType, 415);
export const EmptyFile = createError('EMPTY_FILE', UPLOAD_MESSAGES.empty, 400);
export const FileTooLarge = createError('FILE_TOO_LARGE', 'File too large', 413);
export const BadDimensions = createError('BAD_DIMENSIONS', 'Image dimensions are out of range', 400);
export const TooManyPixels = createError('TOO_MANY_PIXELS', 'Image has too many pixels', 400);
const TOO_SLOW = 'Image took too long to process. Please upload a smaller or simpler image.';
export const TooSlowToDecode = createError('IMAGE_TOO_COMPLEX', TOO_SLOW, 400);

/** How long one image may take to decode and re-encode (sharp's own clock, checked as libvips works). */
const DECODE_SECONDS = 10;

/**
 * One image decoded at a time per process (libvips spreads that one over its own threads), and a
 * few waiting: what a burst costs is one image's memory, and uploads beyond the queue are refused
 * at once rather than each waiting for all the others past the client's 30 s.
 */
const decoding = jobPool({ concurrency: 1, queueLimit: 8 });

// Each upload is decoded once: libvips' operation cache would only keep its pixels alive.
sharp.cache(false);

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
 * before anything is decoded: a small file claiming 40000x40000 pixels, or a GIF of frames that
 * each fit but add up to more than the type's pixel budget, costs a header read. Decoding then runs
 * in the process's image pool under a time budget, and sharp refuses more pixels than the budget.
 */
export async function processImage(input: Buffer, type: UploadType): Promise<ProcessedImage> {
  const rules = UPLOAD_RULES[type];
  if (input.length === 0) throw EmptyFile();
  if (input.length > rules.maxBytes) throw FileTooLarge(UPLOAD_MESSAGES.tooLarge(rules.maxBytes));
  const pixelBudget = Math.min(rules.maxWidth * rules.maxHeight, MAX_IMAGE_PIXELS);

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
  // GIFs keep their animation (docs/decisions/media/animated-images-within-a-pixel-budget.md): every frame is decoded.
  const animated = format === 'gif';
  const frames = animated ? (meta.pages ?? 1) : 1;
  const pixels = width * height * frames;
  if (pixels > pixelBudget) {
    const megapixels = (n: number) => `${Math.round(n / 100_000) / 10}`;
    const sentence = `Image must be at most ${megapixels(pixelBudget)} megapixels, every frame counted`;
    throw TooManyPixels(`${sentence} (this one is ${megapixels(pixels)})`, [{ field: 'file', message: sentence }]);
  }

  return decoding(async () => {
    try {
      const { data, info } = await sharp(input, { limitInputPixels: pixelBudget, animated })
        .timeout({ seconds: DECODE_SECONDS })
        // EXIF orientation is applied to the pixels, because the tag that carried it is dropped.
        .autoOrient()
        .toFormat(format)
        .toBuffer({ resolveWithObject: true });
      return { content: data, format, width: info.width, height: info.pageHeight ?? info.height };
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('timeout'))
        throw TooSlowToDecode(TOO_SLOW, [{ field: 'file', message: TOO_SLOW }]);
      // A header that reads as an image over a body that does not decode is a corrupt file.
      throw EmptyFile();
    }
  });
}
