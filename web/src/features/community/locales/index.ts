import { defineMessages } from '../../../shared/i18n/index.ts';
import english from './en.json';

/** community's messages: `t('community.…')` (see shared/i18n). */
export const { t, useT, Trans } = defineMessages(english);
