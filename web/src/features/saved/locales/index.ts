import { defineMessages } from '../../../shared/i18n/index.ts';
import english from './en.json';

/** The drafts' words every create form shows (its draft's state, the offer to resume): `t('saved.…')` (see shared/i18n). */
export const { t, useT, Trans } = defineMessages(english);
