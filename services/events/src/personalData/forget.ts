import { DELETED_USER_NAME } from '@commonwork/contracts';
import { type Forgetting, streamsWhere } from '@commonwork/kit';
import type { EventsTables } from '../tables.ts';

/**
 * How the events service forgets a person: the events they organised are removed with their
 * streams (their attendees' seats with them); their seats at others' events stay as a number (the
 * event's stream counts them), shown as 'Deleted user'; whether their profile was private goes too.
 */
export const eventsForgetting: Forgetting<EventsTables> = {
  known: (db, userId) => db.selectFrom('people').select('name').where('user_id', '=', userId).executeTakeFirst(),
  ownStreams: (db, userId) => streamsWhere(db, 'events', 'EventCreated', 'organizerId', userId),
  rows: async (db, { userId }) => {
    const organised = db.selectFrom('events').select('id').where('organizer_id', '=', userId);
    await db.deleteFrom('event_attendees').where('event_id', 'in', organised).execute();
    await db.deleteFrom('event_channels').where('event_id', 'in', organised).execute();
    await db.deleteFrom('events').where('organizer_id', '=', userId).execute();
    await db
      .updateTable('people')
      .set({ name: DELETED_USER_NAME, picture: '', updated_at: new Date() })
      .where('user_id', '=', userId)
      .execute();
    await db.deleteFrom('profile_visibility').where('person_id', '=', userId).execute();
  },
};
