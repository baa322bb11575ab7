import type { UploadType } from '@commonwork/contracts';
import type { Kysely } from 'kysely';
import type { FileFormat } from './files/file.ts';
import type { ImageFormat } from './images/image.ts';

/** Media's tables: image and file facts (projected from events) and their bytes (written beside them). */
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
  /** Files other than images, sent with messages; `name` is the download's. */
  files: { id: string; owner_id: string; format: FileFormat; name: string; bytes: number; created_at: Date };
  /** Their bytes, as sent; not a projection either. */
  file_contents: { id: string; content: Uint8Array; created_at: Date };
}

export type MediaDb = Kysely<MediaTables>;
