import { type Forgetting, streamsWhere } from '@commonwork/kit';
import type { MediaTables } from '../tables.ts';

/**
 * How media forgets a person: every image and file they uploaded is deleted, bytes and all, with
 * its stream; what showed one (a message's attachment, an order's) is already emptied by its service.
 */
export const mediaForgetting: Forgetting<MediaTables> = {
  ownStreams: async (db, userId) => [
    ...(await streamsWhere(db, 'media', 'ImageStored', 'ownerId', userId)),
    ...(await streamsWhere(db, 'media', 'FileStored', 'ownerId', userId)),
  ],
  rows: async (db, { userId }) => {
    const images = db.selectFrom('images').select('id').where('owner_id', '=', userId);
    const files = db.selectFrom('files').select('id').where('owner_id', '=', userId);
    await db.deleteFrom('image_files').where('id', 'in', images).execute();
    await db.deleteFrom('file_contents').where('id', 'in', files).execute();
    await db.deleteFrom('images').where('owner_id', '=', userId).execute();
    await db.deleteFrom('files').where('owner_id', '=', userId).execute();
  },
};
