import type { UploadType } from '@commonwork/contracts';

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp';

/** What is known of a stored image; its bytes live beside it in `image_files`, never in events. */
export interface ImageFacts {
  imageId: string;
  ownerId: string;
  type: UploadType;
  folder: string;
  format: ImageFormat;
  width: number;
  height: number;
  bytes: number;
}

/** The image aggregate's stored events. */
export type ImageEvent = { type: 'ImageStored'; data: ImageFacts } | { type: 'ImageDeleted'; data: { imageId: string; ownerId: string } };

export interface ImageState {
  exists: boolean;
  deleted: boolean;
  imageId: string;
  ownerId: string;
}

export const initialImageState = (): ImageState => ({ exists: false, deleted: false, imageId: '', ownerId: '' });
