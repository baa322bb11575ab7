// The drafts' sentences and limits, without zod.

/** Spec 001 §8 and spec 002 §8, word for word. */
export const DRAFT_MESSAGES = {
  titleRequired: 'Title is required to save draft',
  notFound: 'Draft not found',
  tooLarge: 'Draft is too large to save',
  changedElsewhere: 'This draft was changed in another tab or device',
  idTaken: 'This draft id is taken',
  saved: 'Draft saved successfully',
  updated: 'Draft updated successfully',
  deleted: 'Draft deleted successfully',
} as const;

/** The largest form a draft keeps (its `data` as JSON): an event form with its agenda fits many times over. */
export const DRAFT_DATA_MAX_BYTES = 256 * 1024;

export const DRAFT_TITLE_MAX = 200;
