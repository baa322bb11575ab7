import type { UploadType } from '@commonwork/contracts';
import type { Kysely } from 'kysely';
import type { ImageFormat } from './images/image.ts';

/** Media's tables: image facts (projected from events) and their bytes (written beside them). */
export interface MediaTables {
  images: {
    id: string;
    owner_id: string;
    type: UploadType;
    folder: string;
    format: ImageFormat;
    width: number;
    height: number;
    bytes: number;
    created_at: Date;
  };
  /** The re-encoded bytes; not a projection (events never carry bytes), so a rebuild keeps them. */
  image_files: { id: string; content: Uint8Array; created_at: Date };
}

export type MediaDb = Kysely<MediaTables>;
