import { defineMessages } from '../../../shared/i18n/index.ts';
import english from './en.json';

/** landing's messages: `t('landing.…')` (see shared/i18n). */
export const { t, useT, Trans } = defineMessages(english);
