import { defineMessages } from '../../../../shared/i18n/index.ts';
import english from './en.json';

/** The sign-out-everywhere section's messages: `t('sessions.…')` (see shared/i18n). */
export const { t, useT, Trans } = defineMessages(english);
