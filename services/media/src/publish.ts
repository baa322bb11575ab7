import { MEDIA_FILES_PATH_PREFIX, MEDIA_PATH_PREFIX, UploadDeleted, UploadStored } from '@commonwork/contracts';
import { publishAs, type StoredEvent } from '@commonwork/kit';
import type { FileEvent } from './files/file.ts';
import type { ImageEvent } from './images/image.ts';

/** Every event media stores. */
export type MediaEvent = ImageEvent | FileEvent;

/**
 * What media publishes: whose each upload is and what it is, images and files alike as uploads, so
 * messaging can tell a sender's own upload from anyone else's without calling back.
 */
export function publishMediaEvent(stored: StoredEvent<MediaEvent>) {
  switch (stored.type) {
    case 'ImageStored': {
      const { imageId, ownerId, format, width, height, bytes } = stored.data;
      const url = `${MEDIA_PATH_PREFIX}${imageId}.${format}`;
      return publishAs(UploadStored, stored, { uploadId: imageId, ownerId, url, kind: 'image', format, name: '', width, height, bytes });
    }
    case 'ImageDeleted':
      return publishAs(UploadDeleted, stored, { uploadId: stored.data.imageId, ownerId: stored.data.ownerId });
    case 'FileStored': {
      const { fileId, ownerId, format, name, bytes } = stored.data;
      const url = `${MEDIA_FILES_PATH_PREFIX}${fileId}.${format}`;
      return publishAs(UploadStored, stored, { uploadId: fileId, ownerId, url, kind: 'other', format, name, bytes });
    }
    default: {
      const never: never = stored;
      return never;
    }
  }
}
