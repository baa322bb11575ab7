import type { Attachment, AttachmentRequest } from '@commonwork/contracts';
import { createError } from '@commonwork/kit';
import type { MessagingDb } from '../tables.ts';

const NOT_YOURS = 'Attach only files you uploaded';
export const AttachmentRefused = createError('ATTACHMENT_REFUSED', NOT_YOURS, 400);

/**
 * How long a post waits for an upload it does not know yet: media's event of an upload made a
 * moment ago (upload, then send at once) may still be on its way. Only unknown urls wait; an
 * upload known to be someone else's is refused at once.
 */
const ARRIVAL_WAIT_MS = 3_000;
const LOOK_AGAIN_MS = 50;

const uploadsAt = (db: MessagingDb, urls: string[]) => db.selectFrom('uploads').selectAll().where('url', 'in', urls).execute();

/**
 * A message's attachments as they are stored and shown: each url must be an upload of the sender's
 * (media's events, kept in `uploads`), else 400 naming the attachment and nothing is posted. What
 * an attachment is (image or other), its size and an image's pixels come from the upload, never
 * from the client; the name is the sender's, or the upload's own.
 */
export async function attachmentsOf(db: MessagingDb, senderId: string, requested: readonly AttachmentRequest[]): Promise<Attachment[]> {
  if (requested.length === 0) return [];
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
