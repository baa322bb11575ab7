import type { StoredEvent } from '@commonwork/kit';
import type { DraftsDb } from '../tables.ts';
import type { DraftEvent } from './draft.ts';

/** Applies draft events to `drafts`: the latest save of each draft still kept. */
export async function projectDraftEvents(trx: DraftsDb, events: StoredEvent<DraftEvent>[]) {
  for (const event of events) {
    switch (event.type) {
      case 'DraftSaved': {
        const d = event.data;
        await trx
          .insertInto('drafts')
          .values({
            id: d.draftId,
            owner_id: d.ownerId,
            type: d.type,
            title: d.title,
            data: JSON.stringify(d.data),
            version: 1,
            created_at: event.occurredAt,
            updated_at: event.occurredAt,
          })
          .execute();
        break;
      }
      case 'DraftRevised': {
        const d = event.data;
        await trx
          .updateTable('drafts')
          .set({ title: d.title, data: JSON.stringify(d.data), version: d.version, updated_at: event.occurredAt })
          .where('id', '=', d.draftId)
          .execute();
        break;
      }
      case 'DraftDeleted':
        await trx.deleteFrom('drafts').where('id', '=', event.data.draftId).execute();
        break;
      default: {
        const never: never = event;
        throw new Error(`Unhandled event ${JSON.stringify(never)}`);
      }
    }
  }
}
