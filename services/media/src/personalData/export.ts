import { MEDIA_FILES_PATH_PREFIX, MEDIA_PATH_PREFIX } from '@commonwork/contracts';
import type { PersonalDataExport } from '@commonwork/kit';
import type { MediaTables } from '../tables.ts';

/**
 * Media's part of a person's export: what they uploaded, described, each with the address it is
 * served at (on the platform's own origin) rather than its bytes, which would make one archive of
 * every picture and file.
 */
export const exportMediaPerson: PersonalDataExport<MediaTables> = async (personId, db) => {
  const images = await db
    .selectFrom('images')
    .select(['id', 'type', 'folder', 'format', 'width', 'height', 'bytes', 'created_at as createdAt'])
    .where('owner_id', '=', personId)
    .orderBy('created_at')
    .execute();
  const files = await db
    .selectFrom('files')
    .select(['id', 'name', 'format', 'bytes', 'created_at as createdAt'])
    .where('owner_id', '=', personId)
    .orderBy('created_at')
    .execute();
  return {
    images: images.map((image) => ({ ...image, url: `${MEDIA_PATH_PREFIX}${image.id}.${image.format}` })),
    files: files.map((file) => ({ ...file, url: `${MEDIA_FILES_PATH_PREFIX}${file.id}.${file.format}` })),
  };
};
