import { PublicUserCard, UserProfileUpdated, UserRegistered } from '@commonwork/contracts';
import type { EventHandler } from '@commonwork/kit';
import type { MessagingDb } from '../tables.ts';

/** Keeps the names and pictures shown on messages and chats current (identity's events). */
export const onPersonChanged: EventHandler = {
  handles: [UserRegistered.type, UserProfileUpdated.type],
  handle: async (trx, envelope) => {
    const card = PublicUserCard.parse(envelope.data);
    const email = envelope.type === UserRegistered.type ? UserRegistered.schema.parse(envelope.data).email : undefined;
    const at = new Date(envelope.occurredAt);
    await (trx as MessagingDb)
      .insertInto('people')
      .values({ user_id: card.userId, name: card.name, email: email ?? '', picture: card.picture, updated_at: at })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ name: card.name, picture: card.picture, updated_at: at, ...(email !== undefined && { email }) })
          .where('people.updated_at', '<=', at),
      )
      .execute();
  },
};
