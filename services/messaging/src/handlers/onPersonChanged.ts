import { UserProfileUpdated, UserRegistered } from '@commonwork/contracts';
import { defineReadModel, keepNewest } from '@commonwork/kit';
import type { MessagingDb } from '../tables.ts';

/** Keeps the names and pictures shown on messages and chats current, and the usernames mentions name (identity's events). */
export const onPersonChanged = defineReadModel(
  ['people'],
  [UserRegistered, UserProfileUpdated],
  async (trx: MessagingDb, { type, data, envelope }) => {
    // Only registration carries the email: a profile change keeps the one stored, and a registration
    // that arrives after a newer profile change still gives it.
    const email = type === UserRegistered.type ? data.email : '';
    const row = {
      user_id: data.userId,
      name: data.name,
      picture: data.picture,
      username: data.username,
      updated_at: new Date(envelope.occurredAt),
    };
    await keepNewest(trx, 'people', 'user_id', row, { fillIfEmpty: { email } });
  },
);
