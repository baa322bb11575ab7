import { defineMessages } from '../../../shared/i18n/index.ts';
import english from './en.json';

/** saved's messages: `t('saved.…')` (see shared/i18n). */
export const { t, useT, Trans } = defineMessages(english);
