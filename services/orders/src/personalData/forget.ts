import { DELETED_USER_NAME } from '@commonwork/contracts';
import { type Forgetting, type ForgottenPerson, redactPersonalData, type StoredEvent } from '@commonwork/kit';
import type { ReviewEvent } from '../reviews/review.ts';
import type { OrdersTables } from '../tables.ts';

/** A review keeps its rating (the seller's standing is counted from it); the words of the one deleted go. */
function redactOrdersEvent(event: StoredEvent, person: ForgottenPerson): unknown {
  const data =
    event.type === 'ReviewWritten' || event.type === 'ReviewReplied' ? wordsRemoved(event as StoredEvent<ReviewEvent>, person) : event.data;
  return redactPersonalData(data, person) ?? (data === event.data ? undefined : data);
}

function wordsRemoved(event: StoredEvent<ReviewEvent>, { userId }: ForgottenPerson) {
  const review = event.data;
  if (review.buyerId !== userId && review.sellerId !== userId) return review;
  return {
    ...review,
    ...(review.buyerId === userId && { text: '' }),
    ...('reply' in review && review.sellerId === userId && { reply: '' }),
  };
}

/**
 * How orders forgets a person: an order is also the other side's record (what was agreed, paid and
 * delivered), so it stays, its facts as they were and the person shown as 'Deleted user'; the words
 * of their reviews and answers go, the ratings stay.
 */
export const ordersForgetting: Forgetting<OrdersTables> = {
  known: (db, userId) => db.selectFrom('people').select('name').where('user_id', '=', userId).executeTakeFirst(),
  redact: redactOrdersEvent,
  rows: async (db, { userId }) => {
    await db
      .updateTable('people')
      .set({ name: DELETED_USER_NAME, picture: '', updated_at: new Date() })
      .where('user_id', '=', userId)
      .execute();
    await db.updateTable('reviews').set({ text: '' }).where('buyer_id', '=', userId).execute();
    await db.updateTable('reviews').set({ reply: '' }).where('seller_id', '=', userId).where('reply', 'is not', null).execute();
    await db.deleteFrom('profile_visibility').where('person_id', '=', userId).execute();
    await db.deleteFrom('uploads').where('owner_id', '=', userId).execute();
    await db.deleteFrom('orderable_gigs').where('owner_id', '=', userId).execute();
  },
};
