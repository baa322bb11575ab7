import { defineMessages } from '../../../shared/i18n/index.ts';
import english from './en.json';

/** The marketplace's shared words (categories, delivery, counts) and the gig form's: `t('marketplace.…')` (see shared/i18n). */
export const { t, useT, Trans } = defineMessages(english);
