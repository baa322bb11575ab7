import { defineMessages } from '../../shared/i18n/index.ts';
import english from './en.json';

/** app's messages: `t('app.…')` (see shared/i18n). */
export const { t, useT, Trans } = defineMessages(english);
