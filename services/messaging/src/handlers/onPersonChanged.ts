import { UserProfileUpdated, UserRegistered } from '@commonwork/contracts';
import { defineReadModel } from '@commonwork/kit';
import type { MessagingDb } from '../tables.ts';

/** Keeps the names and pictures shown on messages and chats current (identity's events). */
export const onPersonChanged = defineReadModel(
  ['people'],
  [UserRegistered, UserProfileUpdated],
  async (trx: MessagingDb, { type, data, envelope }) => {
    // Only registration carries the email; a profile change keeps the one stored.
    const email = type === UserRegistered.type ? data.email : undefined;
    const at = new Date(envelope.occurredAt);
    await trx
      .insertInto('people')
      .values({ user_id: data.userId, name: data.name, email: email ?? '', picture: data.picture, updated_at: at })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ name: data.name, picture: data.picture, updated_at: at, ...(email !== undefined && { email }) })
          .where('people.updated_at', '<=', at),
      )
      .execute();
  },
);
