import { defineMessages } from '../../../shared/i18n/index.ts';
import english from './en.json';

/** notifications's messages: `t('notifications.…')` (see shared/i18n). */
export const { t, useT, Trans } = defineMessages(english);
