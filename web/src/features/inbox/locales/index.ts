import { defineMessages } from '../../../shared/i18n/index.ts';
import english from './en.json';

/** inbox's messages: `t('inbox.…')` (see shared/i18n). */
export const { t, useT, Trans } = defineMessages(english);
