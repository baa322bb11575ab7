import { t } from './locales/index.ts';

/**
 * The draft buttons' and states' words (spec 001 §8 Drafts, spec 002 §8; English word for word in
 * locales/en.json, contracts' DRAFT_MESSAGES among them), each read when it is shown. The Saved
 * screen's own are in page/locales.

 */
export const SAVED_TEXT = {
  tooLarge: () => t('saved.draft.tooLarge'),
  changedElsewhere: () => t('saved.draft.changedElsewhere'),
  saved: () => t('saved.draft.saved'),
  updated: () => t('saved.draft.updated'),
  loadFailed: () => t('saved.loadFailed'),
  saveFailed: () => t('saved.saveFailed'),
  updateFailed: () => t('saved.updateFailed'),
  titleNeeded: () => t('saved.titleNeeded'),
  // Ours (the spec has no words for it): a create form opened anew offers the person's last unfinished draft.
  resumeOffer: (title: string, when: string) => t('saved.resumeOffer', { title, when }),
  moreDrafts: (count: number) => t('saved.moreDrafts', { count }),
} as const;
