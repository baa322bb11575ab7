import type { StoredEvent } from '@commonwork/kit';
import type { MediaDb } from '../tables.ts';
import type { FileEvent } from './file.ts';

/** Applies file events: facts in `files` (the bytes are written beside them by the upload). */
export async function projectFileEvents(trx: MediaDb, events: StoredEvent<FileEvent>[]) {
  for (const event of events) {
    switch (event.type) {
      case 'FileStored': {
        const f = event.data;
        await trx
          .insertInto('files')
          .values({ id: f.fileId, owner_id: f.ownerId, format: f.format, name: f.name, bytes: f.bytes, created_at: event.occurredAt })
          .execute();
        break;
      }
      default: {
        const never: never = event.type;
        throw new Error(`Unhandled event ${String(never)}`);
      }
    }
  }
}
