import { defineMessages } from '../../../../shared/i18n/index.ts';
import english from './en.json';

/** The Your data section's messages: `t('yourData.…')` (see shared/i18n). */
export const { t, useT, Trans } = defineMessages(english);
