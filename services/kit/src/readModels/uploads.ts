import { type Attachment, type AttachmentRequest, UploadDeleted, UploadStored } from '@commonwork/contracts';
import type { Kysely } from 'kysely';
import { createError } from '../errors.ts';
import { defineReadModel, type EventHandler } from '../events/consumer.ts';

/**
 * A service's copy of media's uploads, by url: whose each is, and what (an attachment's facts), so
 * what a person attaches (a message's files, an order's) is checked and described without asking
 * media while they wait. Messaging and orders keep one.
 */
export interface UploadsTable {
  url: string;
  upload_id: string;
  owner_id: string;
  kind: 'image' | 'other';
  name: string;
  width: number | null;
  height: number | null;
  bytes: number;
}

export interface UploadsReadModel {
  uploads: UploadsTable;
}

/** The `uploads` table, in the migration of a service that keeps the read model. */
export async function createUploadsTable<DB>(db: Kysely<DB>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('url', 'text', (c) => c.primaryKey())
    .addColumn('upload_id', 'uuid', (c) => c.notNull())
    .addColumn('owner_id', 'uuid', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_upload_idx').on('uploads').column('upload_id').execute();
}

/** Keeps the read model from media's events; a deleted upload can no longer be attached. */
export function keepUploads<DB extends UploadsReadModel>(): EventHandler<DB> {
  return defineReadModel(['uploads'], [UploadStored, UploadDeleted], async (trx: Kysely<DB>, event) => {
    // The handler sees only its own table of the service's database.
    const db = trx as unknown as Kysely<UploadsReadModel>;
    if (event.type === UploadDeleted.type) {
      await db.deleteFrom('uploads').where('upload_id', '=', event.data.uploadId).execute();
      return;
    }
    const { url, uploadId, ownerId, kind, name, width, height, bytes } = event.data;
    await db
      .insertInto('uploads')
      .values({ url, upload_id: uploadId, owner_id: ownerId, kind, name, width: width ?? null, height: height ?? null, bytes })
      .onConflict((oc) => oc.column('url').doNothing())
      .execute();
  });
}

const NOT_YOURS = 'Attach only files you uploaded';
export const AttachmentRefused = createError('ATTACHMENT_REFUSED', NOT_YOURS, 400);

/**
 * How long a post waits for an upload it does not know yet: media's event of an upload made a
 * moment ago (upload, then send at once) may still be on its way. Only unknown urls wait; an
 * upload known to be someone else's is refused at once.
 */
const ARRIVAL_WAIT_MS = 3_000;
const LOOK_AGAIN_MS = 50;

const uploadsAt = (db: Kysely<UploadsReadModel>, urls: string[]) => db.selectFrom('uploads').selectAll().where('url', 'in', urls).execute();

/**
 * Attachments as they are stored and shown: each url must be an upload of the sender's (media's
 * events, kept in `uploads`), else 400 naming the attachment and nothing is stored. What an
 * attachment is (image or other), its size and an image's pixels come from the upload, never from
 * the client; the name is the sender's, or the upload's own.
 */
export async function attachmentsOf<DB extends UploadsReadModel>(
  service: Kysely<DB>,
  senderId: string,
  requested: readonly AttachmentRequest[],
): Promise<Attachment[]> {
  if (requested.length === 0) return [];
  const db = service as unknown as Kysely<UploadsReadModel>;
  const urls = [...new Set(requested.map((a) => a.url))];
  let uploads = await uploadsAt(db, urls);
  const deadline = Date.now() + ARRIVAL_WAIT_MS;
  while (uploads.length < urls.length && uploads.every((u) => u.owner_id === senderId) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, LOOK_AGAIN_MS));
    uploads = await uploadsAt(db, urls);
  }
  const byUrl = new Map(uploads.map((u) => [u.url, u]));
  // Someone else's upload is named first: the one still unknown may be the sender's own, on its way.
  const foreign = requested.flatMap((wanted, i) => ((byUrl.get(wanted.url)?.owner_id ?? senderId) !== senderId ? [i] : []));
  const unknown = requested.flatMap((wanted, i) => (byUrl.has(wanted.url) ? [] : [i]));
  const refused = foreign.length > 0 ? foreign : unknown;
  if (refused.length > 0)
    throw AttachmentRefused(
      NOT_YOURS,
      refused.map((i) => ({ field: `attachments.${i}.url`, message: NOT_YOURS })),
    );
  // Every url is the sender's upload here.
  return requested.flatMap((wanted) => {
    const upload = byUrl.get(wanted.url);
    return upload
      ? [
          {
            type: upload.kind,
            url: upload.url,
            name: wanted.name?.trim() || upload.name || (upload.url.split('/').at(-1) ?? ''),
            ...(upload.width !== null && upload.height !== null && { width: upload.width, height: upload.height }),
            size: upload.bytes,
          },
        ]
      : [];
  });
}
