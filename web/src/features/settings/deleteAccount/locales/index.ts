import { defineMessages } from '../../../../shared/i18n/index.ts';
import english from './en.json';

/** The Delete account section's messages: `t('deleteAccount.…')` (see shared/i18n). */
export const { t, useT, Trans } = defineMessages(english);
