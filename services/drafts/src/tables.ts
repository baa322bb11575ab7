import type { DraftData, DraftType } from '@commonwork/contracts';
import type { JSONColumnType, Kysely, Selectable } from 'kysely';

export interface DraftsTable {
  id: string;
  owner_id: string;
  type: DraftType;
  title: string;
  data: JSONColumnType<DraftData>;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** The drafts service's tables: its one projection. */
export interface DraftsTables {
  drafts: DraftsTable;
}

export type DraftsDb = Kysely<DraftsTables>;
export type DraftRow = Selectable<DraftsTable>;
