import type { DraftData, DraftType } from '@commonwork/contracts';

/** The draft aggregate's stored events: each save keeps the whole form, so any version can be read back. */
export type DraftEvent =
  | { type: 'DraftSaved'; data: { draftId: string; ownerId: string; type: DraftType; title: string; data: DraftData } }
  | { type: 'DraftRevised'; data: { draftId: string; ownerId: string; title: string; data: DraftData; version: number } }
  | { type: 'DraftDeleted'; data: { draftId: string; ownerId: string } };

export interface DraftState {
  exists: boolean;
  deleted: boolean;
  draftId: string;
  ownerId: string;
  /** 1 when first saved, one more with each revision: what a client's `version` is checked against. */
  version: number;
}

export const initialDraftState = (): DraftState => ({ exists: false, deleted: false, draftId: '', ownerId: '', version: 0 });
