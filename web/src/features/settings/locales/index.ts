import { defineMessages } from '../../../shared/i18n/index.ts';
import english from './en.json';

/** settings's messages: `t('settings.…')` (see shared/i18n). */
export const { t, useT, Trans } = defineMessages(english);
