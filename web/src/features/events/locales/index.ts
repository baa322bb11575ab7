import { defineMessages } from '../../../shared/i18n/index.ts';
import english from './en.json';

/** events's messages: `t('events.…')` (see shared/i18n). */
export const { t, useT, Trans } = defineMessages(english);
