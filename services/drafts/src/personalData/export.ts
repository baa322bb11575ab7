import type { PersonalDataExport } from '@commonwork/kit';
import type { DraftsTables } from '../tables.ts';

/** Drafts' part of a person's export: the gig and event forms they left half done, as last saved. */
export const exportDraftsPerson: PersonalDataExport<DraftsTables> = async (personId, db) => ({
  drafts: await db
    .selectFrom('drafts')
    .select(['id', 'type', 'title', 'data', 'created_at as createdAt', 'updated_at as updatedAt'])
    .where('owner_id', '=', personId)
    .orderBy('created_at')
    .execute(),
});
