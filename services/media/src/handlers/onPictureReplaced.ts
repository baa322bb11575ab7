import { isUuid, UserProfileUpdated } from '@commonwork/contracts';
import { causedBy, defineHandler } from '@commonwork/kit';
import { imageAggregate } from '../images/aggregate.ts';
import type { MediaDb } from '../tables.ts';

/**
 * A profile picture replaced by another: the old image is deleted on its owner's behalf (identity's
 * events). Only an image of that person's still here is: anything else was never theirs to delete.
 */
export const onPictureReplaced = defineHandler([UserProfileUpdated], async (trx: MediaDb, event, tools) => {
  const { replacedPictureId: imageId, userId } = event.data;
  if (!imageId || !isUuid(imageId)) return;
  const image = await trx.selectFrom('images').select('owner_id').where('id', '=', imageId).executeTakeFirst();
  if (image?.owner_id !== userId) return;
  await tools.aggregate(imageAggregate).handleIn(trx, imageId, { type: 'DeleteImage', actorId: userId }, causedBy(event.envelope));
});
