import { t } from './locales/index.ts';

/** The gig form's toasts (spec 001 §5, §8; English word for word in locales/en.json), read when shown. */
export const GIG_FORM_MESSAGES = {
  loadFailed: () => t('marketplace.form.loadFailed'),
  draftSaved: () => t('marketplace.form.draftSaved'),
  published: () => t('marketplace.form.published'),
  updated: () => t('marketplace.form.updated'),
  draftFailed: () => t('marketplace.form.draftFailed'),
  saveFailed: () => t('marketplace.form.saveFailed'),
} as const;
