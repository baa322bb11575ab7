import { type EventMetadata, MEDIA_PATH_PREFIX, type UploadType } from '@commonwork/contracts';
import { type Database, importEvents, nameBasedId } from '@commonwork/kit';
import sharp from 'sharp';
import type { MediaTables } from '../tables.ts';
import { imageAggregate } from './aggregate.ts';
import { decide } from './decide.ts';
import { type ImageFacts, initialImageState } from './image.ts';
import { processImage } from './process.ts';

/** A picture the demo draws: an SVG, who it belongs to and what it is for. */
export interface DemoPicture {
  /** Names the picture: the same name gives the same image id, so a re-run finds what it stored. */
  name: string;
  ownerId: string;
  type: UploadType;
  svg: string;
}

/** The id and URL a demo picture is stored under, known before it is drawn (other seeds point at it). */
export function demoPictureRef(name: string) {
  const imageId = nameBasedId(`commonwork-demo-picture:${name}`);
  return { imageId, url: `${MEDIA_PATH_PREFIX}${imageId}.png`, publicId: imageId };
}

/**
 * Stores demo pictures the way an upload is stored: the SVG rendered to PNG by sharp, then read,
 * checked and re-encoded by the upload path's `processImage`, the bytes in `image_files` and an
 * ImageStored event per image (projected into `images`), so they are served like any upload.
 */
export async function seedPictures(
  database: Database,
  pictures: readonly DemoPicture[],
  options: { now?: Date; metadata?: EventMetadata } = {},
) {
  const metadata = options.metadata ?? { actorId: null, correlationId: 'seed', causationId: null };
  const now = options.now ?? new Date();
  const stored: { facts: ImageFacts; content: Buffer }[] = [];
  for (const picture of pictures) {
    const png = await sharp(Buffer.from(picture.svg)).png().toBuffer();
    const image = await processImage(png, picture.type);
    const { imageId } = demoPictureRef(picture.name);
    const facts = {
      imageId,
      ownerId: picture.ownerId,
      type: picture.type,
      folder: picture.type,
      format: image.format,
      width: image.width,
      height: image.height,
      bytes: image.content.length,
    };
    stored.push({ facts, content: image.content });
  }
  const db = database.forSchema<MediaTables>('media');
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < stored.length; i += 100) {
      const batch = stored.slice(i, i + 100);
      await trx
        .insertInto('image_files')
        .values(batch.map((s) => ({ id: s.facts.imageId, content: s.content, created_at: now })))
        .execute();
      const appends = batch.map((s) => ({
        id: s.facts.imageId,
        expectedVersion: 0,
        events: decide({ type: 'StoreImage', facts: s.facts }, initialImageState()),
      }));
      await importEvents(trx, imageAggregate, { schema: 'media', metadata, now, appends });
    }
  });
  return stored.length;
}
