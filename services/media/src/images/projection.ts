import type { StoredEvent } from '@commonwork/kit';
import type { MediaDb } from '../tables.ts';
import type { ImageEvent } from './image.ts';

/** Applies image events: facts in `images`; a deletion also drops the bytes, so the URL answers 404 at once. */
export async function projectImageEvents(trx: MediaDb, events: StoredEvent<ImageEvent>[]) {
  for (const event of events) {
    switch (event.type) {
      case 'ImageStored': {
        const f = event.data;
        await trx
          .insertInto('images')
          .values({
            id: f.imageId,
            owner_id: f.ownerId,
            type: f.type,
            folder: f.folder,
            format: f.format,
            width: f.width,
            height: f.height,
            bytes: f.bytes,
            created_at: event.occurredAt,
          })
          .execute();
        break;
      }
      case 'ImageDeleted':
        await trx.deleteFrom('images').where('id', '=', event.data.imageId).execute();
        await trx.deleteFrom('image_files').where('id', '=', event.data.imageId).execute();
        break;
      default: {
        const never: never = event;
        throw new Error(`Unhandled event ${JSON.stringify(never)}`);
      }
    }
  }
}
