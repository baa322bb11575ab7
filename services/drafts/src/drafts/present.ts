import type { Draft, DraftSummary } from '@commonwork/contracts';
import type { DraftRow } from '../tables.ts';

/** A draft in the list (spec 002 §3). */
export function presentSummary(row: Omit<DraftRow, 'data'>): DraftSummary {
  return {
    _id: row.id,
    id: row.id,
    type: row.type,
    title: row.title,
    version: row.version,
    lastModified: new Date(row.updated_at).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** A whole draft, its form exactly as saved. */
export const presentDraft = (row: DraftRow): Draft => ({ ...presentSummary(row), data: row.data });
