import { defineMessages } from '../../../shared/i18n/index.ts';
import english from './en.json';

/** reviews' messages: `t('reviews.…')` (see shared/i18n). */
export const { t, useT, Trans } = defineMessages(english);
