import { DRAFT_MESSAGES } from '@commonwork/contracts';

/** The Saved screen's and the draft buttons' words (spec 001 §8 Drafts, spec 002 §8), word for word. */
export const SAVED_TEXT = {
  ...DRAFT_MESSAGES,
  fetchFailed: 'Failed to fetch saved drafts',
  deleteFailed: 'Failed to delete draft',
  bulkDeleteFailed: 'Failed to delete selected drafts',
  bulkDeleted: (n: number) => `${n} drafts deleted successfully`,
  loadFailed: 'Failed to load draft',
  saveFailed: 'Failed to save draft',
  updateFailed: 'Failed to update draft',
  titleNeeded: 'Please enter a title to save as draft',
  // Ours (the spec has no words for it): a create form opened anew offers the person's last unfinished draft.
  resumeOffer: (title: string, when: string) => `Resume your draft “${title}”, last edited ${when}?`,
  moreDrafts: (n: number) => `${n} more in Saved Items`,
} as const;
