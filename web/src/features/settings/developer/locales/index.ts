import { defineMessages } from '../../../../shared/i18n/index.ts';
import english from './en.json';

/** The Developer tab's messages: `t('developer.…')` (see shared/i18n). */
export const { t, useT, Trans } = defineMessages(english);
