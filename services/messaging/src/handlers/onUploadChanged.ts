import { UploadDeleted, UploadStored } from '@commonwork/contracts';
import { defineReadModel } from '@commonwork/kit';
import type { MessagingDb } from '../tables.ts';

/**
 * Keeps whose each upload is and what it is (media's events), so a message's attachments are
 * checked and described here, without asking media while the sender waits; a deleted upload can
 * no longer be attached.
 */
export const onUploadChanged = defineReadModel(['uploads'], [UploadStored, UploadDeleted], async (trx: MessagingDb, event) => {
  if (event.type === UploadDeleted.type) {
    await trx.deleteFrom('uploads').where('upload_id', '=', event.data.uploadId).execute();
    return;
  }
  const { url, uploadId, ownerId, kind, name, width, height, bytes } = event.data;
  await trx
    .insertInto('uploads')
    .values({ url, upload_id: uploadId, owner_id: ownerId, kind, name, width: width ?? null, height: height ?? null, bytes })
    .onConflict((oc) => oc.column('url').doNothing())
    .execute();
});
