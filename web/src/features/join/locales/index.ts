import { defineMessages } from '../../../shared/i18n/index.ts';
import english from './en.json';

/** join's messages: `t('join.…')` (see shared/i18n). */
export const { t, useT, Trans } = defineMessages(english);
