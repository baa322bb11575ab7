import { DELETED_USER_NAME } from '@commonwork/contracts';
import { type Forgetting, streamsWhere } from '@commonwork/kit';
import type { MarketplaceTables } from '../tables.ts';
import { personViewerKey } from '../views/views.ts';

/**
 * How marketplace forgets a person: their gigs and favourites removed with their streams, their
 * freelancer card 'Deleted user', the day's record of the gigs they viewed signed in gone. Views
 * they made signed out are keyed by a hash of their address, which cannot be traced to them; those
 * rows go by themselves within two days (views.ts).
 */
export const marketplaceForgetting: Forgetting<MarketplaceTables> = {
  known: (db, userId) => db.selectFrom('freelancers').select('name').where('user_id', '=', userId).executeTakeFirst(),
  ownStreams: async (db, userId) => [
    ...(await streamsWhere(db, 'marketplace', 'GigCreated', 'ownerId', userId)),
    ...(await streamsWhere(db, 'marketplace', 'GigFavorited', 'personId', userId)),
  ],
  rows: async (db, { userId }) => {
    const gigs = db.selectFrom('gigs').select('id').where('owner_id', '=', userId);
    await db.deleteFrom('gig_views').where('gig_id', 'in', gigs).execute();
    await db.deleteFrom('gig_favorites').where('gig_id', 'in', gigs).execute();
    await db.deleteFrom('gig_favorites').where('person_id', '=', userId).execute();
    await db.deleteFrom('gig_viewers').where('gig_id', 'in', gigs).execute();
    await db.deleteFrom('gig_viewers').where('viewer', '=', personViewerKey(userId)).execute();
    await db.deleteFrom('gigs').where('owner_id', '=', userId).execute();
    await db
      .updateTable('freelancers')
      .set({ name: DELETED_USER_NAME, username: null, picture: '', title: '', location: '', skills: '[]', updated_at: new Date() })
      .where('user_id', '=', userId)
      .execute();
  },
};
