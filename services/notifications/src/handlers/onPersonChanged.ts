import { UserPreferencesUpdated, UserProfileUpdated, UserRegistered } from '@commonwork/contracts';
import { defineReadModel, keepNewest } from '@commonwork/kit';
import type { NotificationsDb } from '../tables.ts';

/** Keeps senders' names and pictures, each person's address and notification preferences, current (identity's events). */
export const onPersonChanged = defineReadModel(
  ['people'],
  [UserRegistered, UserProfileUpdated, UserPreferencesUpdated],
  async (trx: NotificationsDb, event) => {
    const at = new Date(event.envelope.occurredAt);
    if (event.type === UserPreferencesUpdated.type) {
      const wanted = event.data.notifications;
      const preferences = {
        marketplace_alerts: wanted.marketplaceAlerts ?? true,
        message_notifications: wanted.messageNotifications ?? true,
        event_reminders: wanted.eventReminders ?? true,
        push: wanted.push ?? true,
        email_digest: wanted.email ?? true,
      };
      await trx
        .insertInto('people')
        // A person not known yet gets a placeholder card older than any real one, which their card replaces whenever it comes.
        .values({ user_id: event.data.userId, name: 'Member', picture: '', updated_at: new Date(0), ...preferences })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(preferences))
        .execute();
      return;
    }
    // The address comes with registration only (a Google account's address does not change here).
    const card = {
      name: event.data.name,
      picture: event.data.picture,
      ...(event.type === UserRegistered.type && { email: event.data.email }),
    };
    await keepPerson(trx, event.data.userId, card, at);
  },
);

/**
 * Keeps a person's card as of `at`; an older card never replaces a newer one, but its address fills one
 * not known yet (also the demo seed's way in).
 */
export async function keepPerson(trx: NotificationsDb, userId: string, card: { name: string; picture: string; email?: string }, at: Date) {
  const { email = '', ...shown } = card;
  await keepNewest(trx, 'people', 'user_id', { user_id: userId, updated_at: at, ...shown }, { fillIfEmpty: { email } });
}
