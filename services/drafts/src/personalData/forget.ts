import { type Forgetting, streamsWhere } from '@commonwork/kit';
import type { DraftsTables } from '../tables.ts';

/** How drafts forgets a person: every form they left half done goes, with its stream. */
export const draftsForgetting: Forgetting<DraftsTables> = {
  ownStreams: (db, userId) => streamsWhere(db, 'drafts', 'DraftSaved', 'ownerId', userId),
  rows: async (db, { userId }) => {
    await db.deleteFrom('drafts').where('owner_id', '=', userId).execute();
  },
};
